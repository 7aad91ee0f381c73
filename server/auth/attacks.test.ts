import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/** The attacks of docs/security.md on sign-in and one-time codes, each as it was made against the running app. */
describe('sign-in and codes under attack', () => {
  let t: TestApp;
  const mail = captureMail();
  const password = 'Tidewater-Ledger-7781';
  beforeAll(async () => { t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail); });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const signIn = (app: TestApp['app'], username: string, secret: string, headers: Record<string, string> = {}) => app.inject({
    method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ username, password: secret, grant_type: 'password' }).toString(),
  });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('keeps counting wrong sign-ins when every request forges a new X-Forwarded-For', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 10 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        statuses.push((await signIn(limited.app, 'victim@example.vn', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For from a configured proxy, and only from it', async () => {
    const behindProxy = await createTestApp({ authRateLimitPerMinute: 2, trustProxy: ['127.0.0.1'] });
    try {
      for (const client of ['198.51.100.7', '198.51.100.8']) {
        const statuses = [];
        for (let i = 0; i < 3; i += 1) statuses.push((await signIn(behindProxy.app, 'victim@example.vn', 'guess', { 'x-forwarded-for': client })).statusCode);
        expect(statuses).toEqual([400, 400, 429]);
      }
    } finally {
      await behindProxy.close();
    }
  });

  it('voids a code after five wrong guesses however many arrive at once', async () => {
    const email = 'guessed@example.vn';
    await post('/api/registration/', { email, password, name: 'Guessed' });
    const code = mail.lastCode(email);
    const guesses = await Promise.all(Array.from({ length: 30 }, () => post('/api/registration-confirm/', { email, token: wrongCodeFor(code) })));
    expect(guesses.every((answer) => answer.json().code === 'invalid_code')).toBe(true);
    const [row] = await runner(t.database)<{ attempts: number; consumed_at: unknown }>('SELECT attempts, consumed_at FROM one_time_codes WHERE email = $1', [email]);
    expect(row?.attempts).toBe(5);
    expect(row?.consumed_at).not.toBeNull();
    expect((await post('/api/registration-confirm/', { email, token: code })).json().code).toBe('invalid_code');
  });

  it('uses a reset code exactly once however many confirms arrive at once', async () => {
    const email = 'reset-race@example.vn';
    await post('/api/registration/', { email, password, name: 'Race' });
    await post('/api/registration-confirm/', { email, token: mail.lastCode(email) });
    await post('/api/password-reset/', { email });
    await t.app.afterReply.settled();
    const code = mail.lastCode(email);
    const confirms = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      post('/api/password-reset/confirm/', { email, token: code, password: `Harbour-Lantern-${2030 + i}` })));
    expect(confirms.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
  });

  it('checks the client of a lower-case basic authorization like any other', async () => {
    const email = 'client@example.vn';
    await post('/api/registration/', { email, password, name: 'Client' });
    await post('/api/registration-confirm/', { email, token: mail.lastCode(email) });
    for (const scheme of ['basic', 'BASIC', 'Basic']) {
      const intruder = await signIn(t.app, email, password, { authorization: `${scheme} ${Buffer.from('intruder:').toString('base64')}` });
      expect(intruder.json().code).toBe('invalid_client');
      expect((await signIn(t.app, email, password, { authorization: `${scheme} ${Buffer.from('dutybook-web:').toString('base64')}` })).statusCode).toBe(200);
    }
  });

  it('refuses passwords an attacker tries first: common ones and the account\'s own address or name', async () => {
    const common = await post('/api/registration/', { email: 'weakling@example.vn', password: 'password1', name: 'Weak' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'password_common', fields: { password: [expect.any(String)] } });
    const ownAddress = await post('/api/registration/', { email: 'minh1985@example.vn', password: 'minh1985@example.vn', name: 'Minh' });
    expect(ownAddress.json().code).toBe('password_personal');
    const ownName = await post('/api/registration/', { email: 'someone@example.vn', password: 'Phuongthao1990', name: 'Phuongthao Tran' });
    expect(ownName.json().code).toBe('password_personal');
    expect(mail.sent.some((m) => m.to === 'weakling@example.vn')).toBe(false);

    const email = 'changer@example.vn';
    await post('/api/registration/', { email, password, name: 'Changer' });
    const token = (await post('/api/registration-confirm/', { email, token: mail.lastCode(email) })).json().token.access_token as string;
    const change = await t.app.inject({ method: 'PUT', url: '/api/change-password/', headers: { authorization: `Bearer ${token}` }, payload: { old_password: password, new_password: 'qwerty123' } });
    expect(change.json()).toMatchObject({ code: 'password_common', fields: { new_password: [expect.any(String)] } });
  });
});
