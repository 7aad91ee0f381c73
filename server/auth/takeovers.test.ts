import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { runner } from '../db/run.js';
import { startGoogleIssuer } from '../test/google-issuer.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The ways a stranger could take an account before its owner verified it, or guess their way in, each made as it
 * was against the running app (docs/security.md).
 */
describe('accounts a stranger tries to take', () => {
  let t: TestApp;
  const mail = captureMail();
  const ownerPassword = 'Tidewater-Ledger-7781';
  const strangerPassword = 'Moonlit-Quarry-5523';
  beforeAll(async () => { t = await createTestApp({ authRateLimitPerMinute: 1000, signInAttemptsPerAccount: 5 }, mail); });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const signIn = (app: TestApp['app'], username: string, password: string) => app.inject({
    method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
  });
  const nameOf = async (email: string) =>
    (await runner(t.database)<{ name: string }>('SELECT name FROM users WHERE email = $1', [email]))[0]?.name;
  const lastMailedCode = (email: string) => mail.lastCode(email);

  it('keeps the owner\'s password when someone registers the address again before it is verified', async () => {
    const email = 'owner.first@example.vn';
    const owner = await post('/api/registration/', { email, password: ownerPassword, name: 'Owner' });
    const ownerCode = lastMailedCode(email);
    const stranger = await post('/api/registration/', { email, password: strangerPassword, name: 'Stranger' });
    expect([owner.statusCode, stranger.statusCode]).toEqual([201, 201]);

    const confirmed = await post('/api/registration-confirm/', { email, token: ownerCode, registration: owner.json().registration });
    expect(confirmed.statusCode).toBe(200);
    expect((await signIn(t.app, email, ownerPassword)).statusCode).toBe(200);
    expect((await signIn(t.app, email, strangerPassword)).json().code).toBe('invalid_credentials');
    expect(await nameOf(email)).toBe('Owner');
  });

  it('gives the owner their own data when a stranger registered the address first', async () => {
    const email = 'stranger.first@example.vn';
    await post('/api/registration/', { email, password: strangerPassword, name: 'Stranger' });
    const owner = await post('/api/registration/', { email, password: ownerPassword, name: 'Owner' });
    const ownerCode = lastMailedCode(email);
    expect(owner.statusCode).toBe(201);

    await post('/api/registration-confirm/', { email, token: ownerCode });
    expect((await signIn(t.app, email, ownerPassword)).statusCode).toBe(200);
    expect((await signIn(t.app, email, strangerPassword)).json().code).toBe('invalid_credentials');
    expect(await nameOf(email)).toBe('Owner');
  });

  it('resends the code of the owner\'s registration, not of a later one', async () => {
    const email = 'resend.owner@example.vn';
    const owner = await post('/api/registration/', { email, password: ownerPassword, name: 'Owner' });
    await post('/api/registration/', { email, password: strangerPassword, name: 'Stranger' });
    await runner(t.database)('UPDATE one_time_codes SET created_at = created_at - interval \'1 minute\' WHERE email = $1', [email]);
    await post('/api/registration/resend/', { email, registration: owner.json().registration });
    await t.app.afterReply.settled();
    const resent = lastMailedCode(email);
    // The stranger's code is refused for the owner's registration, and the resent one confirms the owner's data.
    await post('/api/registration-confirm/', { email, token: resent, registration: owner.json().registration });
    expect((await signIn(t.app, email, ownerPassword)).statusCode).toBe(200);
    expect((await signIn(t.app, email, strangerPassword)).json().code).toBe('invalid_credentials');
  });

  it('answers a registration of a verified address as any other, and tells its owner instead', async () => {
    const email = 'verified.owner@example.vn';
    await post('/api/registration/', { email, password: ownerPassword, name: 'Owner', locale: 'en' });
    await post('/api/registration-confirm/', { email, token: lastMailedCode(email) });
    const again = await post('/api/registration/', { email, password: strangerPassword, name: 'Stranger' });
    const fresh = await post('/api/registration/', { email: 'nobody.yet@example.vn', password: strangerPassword, name: 'Stranger' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(again.json().detail).toBe(fresh.json().detail);
    // A second try within the interval of the first answers alike too (no 429 telling an account waits).
    const soon = await post('/api/registration/', { email: 'nobody.yet@example.vn', password: strangerPassword, name: 'Stranger' });
    expect(soon.statusCode).toBe(201);
    expect(mail.sent.filter((m) => m.to === email).at(-1)?.subject).toMatch(/tried to register/);
    expect((await signIn(t.app, email, ownerPassword)).statusCode).toBe(200);
  });

  it('pauses sign-ins to an account after its limit from any address, and mails the owner once', async () => {
    const email = 'guessed.account@example.vn';
    await post('/api/registration/', { email, password: ownerPassword, name: 'Guessed', locale: 'en' });
    await post('/api/registration-confirm/', { email, token: lastMailedCode(email) });
    const mailsBefore = mail.sent.filter((m) => m.to === email).length;
    const codes: string[] = [];
    for (let i = 0; i < 7; i += 1) codes.push((await signIn(t.app, email, `wrong-${i}`)).json().code as string);
    expect(codes).toEqual([...Array<string>(5).fill('invalid_credentials'), 'rate_limited', 'rate_limited']);
    // Even the right password waits out the pause, so guessing on cannot find it.
    expect((await signIn(t.app, email, ownerPassword)).json().code).toBe('rate_limited');
    const warnings = mail.sent.filter((m) => m.to === email).slice(mailsBefore);
    expect(warnings.map((m) => m.subject)).toEqual([expect.stringMatching(/paused/)]);
  });

  it('shares the limits between servers on one database, and across a restart', async () => {
    const email = 'two.servers@example.vn';
    const second = await buildApp({ config: t.config, database: t.database, mailer: mail });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await signIn(i % 2 ? second : t.app, email, `wrong-${i}`)).json().code as string);
      expect(codes.at(-1)).toBe('rate_limited');
      // Per client address and route too: a third server with a tight limit sees the hits of the others.
      const tight = await buildApp({ config: { ...t.config, authRateLimitPerMinute: 3 }, database: t.database, mailer: mail });
      try {
        expect((await signIn(tight, 'someone.else@example.vn', 'x')).statusCode).toBe(429);
      } finally {
        await tight.close();
      }
    } finally {
      await second.close();
    }
  });
});

describe('an external identity proving an address', () => {
  it('takes an unverified account from whoever set its password, and a used ID token is refused', async () => {
    const google = await startGoogleIssuer();
    const mail = captureMail();
    const t = await createTestApp({ ...google.config, authRateLimitPerMinute: 1000 }, mail);
    try {
      const email = 'google.user@example.vn';
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Moonlit-Quarry-5523', name: 'Stranger' } });
      const strangerCode = mail.lastCode(email);
      const token = await google.idToken({});
      const convert = () => t.app.inject({
        method: 'POST', url: '/api/social-auth/convert-token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'convert_token', backend: 'google', token }).toString(),
      });
      const signedIn = await convert();
      expect(signedIn.statusCode).toBe(200);
      const info = await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
      expect(info.json()).toMatchObject({ has_password: false, name: 'Google User' });
      const stranger = await t.app.inject({
        method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email, password: 'Moonlit-Quarry-5523', grant_type: 'password' }).toString(),
      });
      expect(stranger.json().code).toBe('invalid_credentials');
      expect((await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: strangerCode } })).json().code).toBe('invalid_code');
      expect((await convert()).json().code).toBe('invalid_social_token');
    } finally {
      await t.close();
      await google.close();
    }
  });
});

describe('tokens left unused', () => {
  it('stop authenticating after SESSION_TIMEOUT_MIN without use, and slide while used', async () => {
    const mail = captureMail();
    const t = await createTestApp({ authRateLimitPerMinute: 1000, sessionTimeoutMin: 30 }, mail);
    try {
      const email = 'idle.user@example.vn';
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name: 'Idle' } });
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
      const bearer = { authorization: `Bearer ${confirmed.json().token.access_token}` };
      const info = () => t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: bearer });
      const idleFor = (minutes: number) => runner(t.database)(`UPDATE access_tokens SET last_used_at = now() - make_interval(mins => $1)`, [minutes]);

      await idleFor(29);
      expect((await info()).statusCode).toBe(200);
      // That use moved the clock on: another 29 minutes later the token still works.
      const [{ idle } = { idle: 0 }] = await runner(t.database)<{ idle: number }>('SELECT extract(epoch FROM now() - last_used_at)::float8 AS idle FROM access_tokens');
      expect(idle).toBeLessThan(60);
      await idleFor(31);
      expect((await info()).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('keeps a token in use with SESSION_TIMEOUT_MIN=1, measuring idleness from its last use', async () => {
    const mail = captureMail();
    const t = await createTestApp({ authRateLimitPerMinute: 1000, sessionTimeoutMin: 1 }, mail);
    try {
      const email = 'short.session@example.vn';
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name: 'Short' } });
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
      const bearer = { authorization: `Bearer ${confirmed.json().token.access_token}` };
      const info = () => t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: bearer });
      const idleFor = (seconds: number) => runner(t.database)(`UPDATE access_tokens SET last_used_at = now() - make_interval(secs => $1)`, [seconds]);
      // Used every 40 seconds, it is never a minute idle: each use 40 seconds after the last moves the clock on.
      for (let use = 0; use < 3; use += 1) {
        await idleFor(40);
        expect((await info()).statusCode, `use ${use}`).toBe(200);
        const [{ idle } = { idle: 60 }] = await runner(t.database)<{ idle: number }>('SELECT extract(epoch FROM now() - last_used_at)::float8 AS idle FROM access_tokens');
        expect(idle).toBeLessThan(5);
      }
      await idleFor(61);
      expect((await info()).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
