import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleIssuer } from '../test/google-issuer.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

const password = 'Customs-Ledger-2026';

describe('registration, sign-in and codes', () => {
  let t: TestApp;
  const mail = captureMail();
  beforeAll(async () => { t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail); });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const signIn = (username: string, secret: string, headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ username, password: secret, grant_type: 'password' }).toString(),
  });
  async function registerAndVerify(email: string): Promise<string> {
    expect((await post('/api/registration/', { email, password, name: 'Lan' })).statusCode).toBe(201);
    const confirmed = await post('/api/registration-confirm/', { email, token: mail.lastCode(email) });
    expect(confirmed.statusCode).toBe(200);
    return confirmed.json().token.access_token as string;
  }

  it('registers, mails a code, verifies it and signs in', async () => {
    const email = 'lan@example.vn';
    const registered = await post('/api/registration/', { email: ' Lan@Example.VN ', password, name: 'Lan', locale: 'vi' });
    expect(registered.statusCode).toBe(201);
    expect(mail.sent.at(-1)?.subject).toMatch(/^Mã Dutybook của bạn: \d{6}$/);
    // When it was made, in Vietnam time and labelled so (the server runs in UTC).
    expect(mail.sent.at(-1)?.text).toMatch(/thực hiện lúc \d{2}:\d{2} \d{2}\/\d{2}\/\d{4} \(giờ Việt Nam, UTC\+7\)/);

    expect((await signIn(email, password)).json().code).toBe('email_not_verified');
    const confirmed = await post('/api/registration-confirm/', { email, token: mail.lastCode(email) });
    expect(confirmed.statusCode).toBe(200);
    const token = confirmed.json().token.access_token;

    const info = await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${token}` } });
    expect(info.json()).toMatchObject({ email, name: 'Lan', is_admin: false, companies: [] });

    const signedIn = await signIn(email, password, { authorization: `Basic ${Buffer.from('dutybook-web:').toString('base64')}` });
    expect(signedIn.json()).toMatchObject({ token_type: 'Bearer', expires_in: 7 * 24 * 3600 });
    expect((await signIn(email, password, { authorization: `Basic ${Buffer.from('intruder:').toString('base64')}` })).statusCode).toBe(401);
  });

  it('refuses bad credentials with the spec message and weak passwords with a clear one', async () => {
    const wrong = await signIn('lan@example.vn', 'not-the-password1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', detail: 'Unable to log in with provided credentials.' });
    expect((await signIn('nobody@example.vn', password)).json().code).toBe('invalid_credentials');

    const weak = await post('/api/registration/', { email: 'weak@example.vn', password: 'short', name: 'W' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password[0]).toMatch(/at least 8 characters/);
    const noDigit = await post('/api/registration/', { email: 'weak@example.vn', password: 'onlyletters', name: 'W' });
    expect(noDigit.json().fields.password).toContain('The password must contain a letter and a digit.');
  });

  it('stores codes hashed, voids a code after 5 wrong tries, and never verifies by code alone', async () => {
    const email = 'minh@example.vn';
    await post('/api/registration/', { email, password, name: 'Minh' });
    const code = mail.lastCode(email);
    const stored = await t.database.db.execute(sql`SELECT code_hash FROM one_time_codes WHERE email = ${email}`);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).toContain('$argon2id$');

    expect((await post('/api/registration-confirm/', { token: code })).statusCode).toBe(400);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/registration-confirm/', { email, token: wrong })).json().code).toBe('invalid_code');
    }
    expect((await post('/api/registration-confirm/', { email, token: code })).json().code).toBe('invalid_code');
  });

  it('expires codes after 10 minutes', async () => {
    const email = 'hoa@example.vn';
    await post('/api/registration/', { email, password, name: 'Hoa' });
    await t.database.db.execute(sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE email = ${email}`);
    expect((await post('/api/registration-confirm/', { email, token: mail.lastCode(email) })).json().code).toBe('invalid_code');
  });

  it('holds resends to the countdown and five an hour, silently, so that no answer reveals an address', async () => {
    const email = 'tuan@example.vn';
    await post('/api/registration/', { email, password, name: 'Tuan' });
    const mailsTo = () => mail.sent.filter((m) => m.to === email).length;
    const resend = async () => {
      const answer = await post('/api/registration/resend/', { email });
      await t.app.afterReply.settled();
      return answer;
    };
    const early = await resend();
    expect(early.statusCode).toBe(200);
    expect(mailsTo()).toBe(1);
    for (let i = 0; i < 4; i += 1) {
      await t.database.db.execute(sql`UPDATE one_time_codes SET created_at = created_at - interval '11 seconds' WHERE email = ${email}`);
      expect((await resend()).statusCode).toBe(200);
    }
    expect(mailsTo()).toBe(5);
    await t.database.db.execute(sql`UPDATE one_time_codes SET created_at = created_at - interval '11 seconds' WHERE email = ${email}`);
    const sixth = await resend();
    expect(sixth.json()).toEqual(early.json());
    expect(mailsTo()).toBe(5);

    const unknown = await post('/api/registration/resend/', { email: 'ghost@example.vn' });
    const unknownReset = await post('/api/password-reset/', { email: 'ghost@example.vn' });
    const knownReset = await post('/api/password-reset/', { email: 'lan@example.vn' });
    expect(unknown.json()).toEqual(early.json());
    expect(unknownReset.json()).toEqual(knownReset.json());
    expect(unknownReset.statusCode).toBe(knownReset.statusCode);
  });

  it('resets a password with the e-mailed code and ends every session', async () => {
    const email = 'reset@example.vn';
    const oldToken = await registerAndVerify(email);
    await post('/api/password-reset/', { email, locale: 'ko' });
    await t.app.afterReply.settled();
    expect(mail.sent.at(-1)?.text).toContain('비밀번호 재설정');
    const code = mail.lastCode(email);
    expect((await post('/api/password-reset/validate_token/', { email, token: code })).statusCode).toBe(200);
    expect((await post('/api/password-reset/confirm/', { email, token: code, password: 'Harbour-Lantern-2027' })).statusCode).toBe(200);
    expect((await post('/api/password-reset/confirm/', { email, token: code, password: 'Again-Lantern-2028' })).json().code).toBe('invalid_code');
    expect((await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${oldToken}` } })).statusCode).toBe(401);
    expect((await signIn(email, 'Harbour-Lantern-2027')).statusCode).toBe(200);
  });

  it('revokes tokens on logout and on password change, answering a new token', async () => {
    const email = 'tokens@example.vn';
    const first = await registerAndVerify(email);
    const second = (await signIn(email, password)).json().access_token;
    const info = (token: string) => t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${token}` } });

    const changed = await t.app.inject({ method: 'PUT', url: '/api/change-password/', headers: { authorization: `Bearer ${first}` }, payload: { old_password: password, new_password: 'Changed-Ledger-2026' } });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token.access_token;
    expect((await info(first)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(401);
    expect((await info(fresh)).statusCode).toBe(200);

    const wrongOld = await t.app.inject({ method: 'PUT', url: '/api/change-password/', headers: { authorization: `Bearer ${fresh}` }, payload: { old_password: 'nope', new_password: 'Other-Lantern-2026' } });
    expect(wrongOld.json().code).toBe('wrong_password');

    expect((await t.app.inject({ method: 'POST', url: '/api/logout/', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(204);
    expect((await info(fresh)).json().code).toBe('not_authenticated');
    await t.database.db.execute(sql`UPDATE access_tokens SET expires_at = now() - interval '1 second'`);
  });

  it('updates the profile, with a picture recognised by its content', async () => {
    const token = await registerAndVerify('profile@example.vn');
    const auth = { authorization: `Bearer ${token}` };
    const json = await t.app.inject({ method: 'PATCH', url: '/api/update-profile/', headers: auth, payload: { phone: '0901234567', birthday: '1990-05-01', position: 'Chief accountant' } });
    expect(json.json()).toMatchObject({ phone: '0901234567', birthday: '1990-05-01', position: 'Chief accountant' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/update-profile/', headers: auth, payload: { email: 'x@y.z' } })).statusCode).toBe(400);

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const boundary = 'dutybookboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bio"\r\n\r\nImports resin\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const multipart = await t.app.inject({ method: 'PATCH', url: '/api/update-profile/', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(multipart.statusCode).toBe(200);
    const picture = multipart.json().profile_picture as string;
    expect(picture).toMatch(/^api\/media\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `/${picture}` });
    expect(served.headers['content-type']).toBe('image/png');

    const fake = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n<script>alert(1)</script>\r\n--${boundary}--\r\n`)]);
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/update-profile/', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: fake });
    expect(refused.statusCode).toBe(415);
  });

  it('rate-limits the token endpoint', async () => {
    const limitedApp = await createTestApp();
    const signIn = (username: string, secret: string) => limitedApp.app.inject({
      method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password: secret, grant_type: 'password' }).toString(),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await signIn('flood@example.vn', 'wrong-password1')).statusCode);
    expect(statuses).toContain(429);
    const limited = await signIn('flood@example.vn', 'wrong-password1');
    expect(limited.json().code).toBe('rate_limited');
    await limitedApp.close();
  });
});

describe('mail over real SMTP', () => {
  it('delivers the registration code through an SMTP server', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => { data += chunk.toString(); });
        stream.on('end', () => { received.push(data); callback(); });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const email = 'smtp@example.vn';
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password, name: 'Smtp', locale: 'en' } });
      expect(received).toHaveLength(1);
      const code = received[0]?.match(/Your Dutybook code: (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: code } });
      expect(confirmed.statusCode).toBe(200);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('sign-in with Google', () => {
  it('verifies ID tokens against the issuer keys and creates the user, once per token', async () => {
    const google = await startGoogleIssuer();
    const t = await createTestApp(google.config);
    const convert = async (token: string) => t.app.inject({
      method: 'POST', url: '/api/social-auth/convert-token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'convert_token', backend: 'google', token }).toString(),
    });
    try {
      const token = await google.idToken({});
      const accepted = await convert(token);
      expect(accepted.statusCode).toBe(200);
      const info = await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${accepted.json().access_token}` } });
      expect(info.json()).toMatchObject({ email: 'google.user@example.vn', name: 'Google User', has_password: false });
      // A replayed ID token (intercepted, or left in a log) does not open a second session.
      expect((await convert(token)).json().code).toBe('invalid_social_token');

      const otherKey = (await generateKeyPair('RS256')).privateKey;
      expect((await convert(await google.idToken({}, otherKey))).json().code).toBe('invalid_social_token');
      expect((await convert(await google.idToken({ email_verified: false }))).json().code).toBe('invalid_social_token');
    } finally {
      await t.close();
      await google.close();
    }
  });

  it('is off without GOOGLE_CLIENT_ID', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'POST', url: '/api/social-auth/convert-token/', payload: { grant_type: 'convert_token', backend: 'google', token: 'x' } });
    expect(response.json().code).toBe('social_login_disabled');
    await t.close();
  });
});
