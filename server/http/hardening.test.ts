import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { setAdministrator } from '../reports-bi/admin-cli.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/** Attacks of docs/security.md on input the routes did not expect, on admin routes and on company membership. */
describe('requests nobody expected', () => {
  let t: TestApp;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = (who: string, method: Method, url: string, payload?: object | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}`, ...headers }, ...(payload !== undefined ? { payload } : {}) });
  const company = 'cong-ty-bien-dong';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    for (const name of ['owner', 'partner', 'admin', 'viewer', 'platform']) {
      const email = `${name}@hardening.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Harbour-Ledger-4417', name } });
      tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    }
    await setAdministrator(runner(t.database), 'grant', 'platform@hardening.vn');
    await call('owner', 'POST', '/api/clients-api/companies/', { name: 'Công ty Biển Đông' });
    for (const [who, role] of [['partner', 'owner'], ['admin', 'admin'], ['viewer', 'viewer']] as const) {
      await call('owner', 'POST', `/api/clients-api/companies/${company}/members/`, { email: `${who}@hardening.vn`, role });
      await call(who, 'POST', `/api/clients-api/invitations/${company}/accept/`);
    }
  });
  afterAll(async () => t.close());

  it('answers 400 or 404, never 500, to ids beyond the integer range', async () => {
    const scope = `company_slug=${company}&folder_slug=${new Date().getUTCFullYear()}`;
    for (const id of ['99999999999', '2147483648', '1e10']) {
      for (const [who, url] of [
        ['owner', `/api/lookup/decisions/${id}/`], ['owner', `/api/lookup/regulations/${id}/`], ['owner', `/api/new-balance/report-runs/${id}/`],
        ['owner', `/api/clients-api/reports/${id}/embed/`], ['platform', `/api/admin/reports/${id}/`], ['owner', `/api/balance/ecus/${id}/?${scope}`],
      ] as const) {
        const method = url.startsWith('/api/admin/') ? 'DELETE' : 'GET';
        const answer = await call(who, method, url);
        expect([400, 404], `${method} ${url}`).toContain(answer.statusCode);
      }
    }
    const schedule = await call('owner', 'POST', '/api/fta/bangke/', { company_slug: company, folder_slug: String(new Date().getUTCFullYear()), id: 1e15, option: 'ATIGA' });
    expect(schedule.statusCode).toBe(400);
  });

  it('answers 400 to malformed multipart bodies and to JSON nested 10,000 deep', async () => {
    const part = (disposition: string, body: string) => `--XX\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${body}`;
    const upload = (type: string, payload: string) => call('owner', 'POST', '/api/uploads/', payload, { 'content-type': type });
    for (const payload of [`${part('name="company_slug"', 'a\u0000b')}\r\n--XX--\r\n`, `${part('name="excel\u0000file"; filename="a.csv"', 'x')}\r\n--XX--\r\n`]) {
      expect((await upload('multipart/form-data; boundary=XX', payload)).statusCode, payload).toBe(400);
    }
    // A NUL in the file's name is dropped from the name kept.
    const named = await upload('multipart/form-data; boundary=XX', `${part('name="excel_file"; filename="to\u0000khai.csv"', 'code,name\r\nA1,Vải\r\n')}\r\n--XX--\r\n`);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().file_name).toBe('tokhai.csv');
    expect((await upload('multipart/form-data', 'no boundary')).statusCode).toBe(400);
    const cutOff = await upload('multipart/form-data; boundary=XX', part('name="excel_file"; filename="a.xlsx"', 'PK\u0003\u0004 cut'));
    expect(cutOff.statusCode, cutOff.body).toBe(400);
    for (const deep of ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/registration/', payload: deep, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
      expect((await call('owner', 'POST', '/api/balance/ecus/autofill/', deep, { 'content-type': 'application/json' })).statusCode).toBe(400);
    }
  });

  it('refuses Object\'s own names as fields of an amendment setup, as the plain setup does', async () => {
    for (const setup of ['setup', 'ama_setup']) {
      for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
        const answer = await call('owner', 'POST', `/api/balance/ecus/${setup}/`, { company_slug: company, code: { mapping_col_name: 'B', title: 'Mã hàng' }, [name]: { mapping_col_name: 'C', title: name } });
        expect(answer.statusCode, `${setup} ${name}`).toBe(400);
        expect(answer.json().fields?.[name], `${setup} ${name}`).toBeDefined();
      }
    }
  });

  it('answers 404 to non-administrators on administration paths before reading their input, and leaves them out of the API document', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/admin/users/not-an-id/disable/'], ['GET', '/api/admin/audit-events/?page=nope'], ['POST', '/api/admin/reports/', { bad: true }],
      ['PUT', '/api/admin/questions/1/answered/', { answered: 'maybe' }],
    ] as Array<[Method, string, object?]>) {
      const answer = await call('viewer', method, url, payload);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().fields, url).toBeUndefined();
    }
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
    expect(Object.keys(document.paths)).toContain('/api/lookup/search/');
  });

  it('sends HSTS and upgrade-insecure-requests only over HTTPS, and denies framing in both headers', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(String(plain.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const secure = await proxied.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await proxied.close();
    }
    // A forged header from a client that is not a trusted proxy changes nothing.
    const forged = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets only an owner downgrade or withdraw a pending owner invitation', async () => {
    const members = `/api/clients-api/companies/${company}/members/`;
    await call('owner', 'POST', members, { email: 'future.owner@hardening.vn', role: 'owner' });
    expect((await call('admin', 'POST', members, { email: 'future.owner@hardening.vn', role: 'viewer' })).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `${members}future.owner@hardening.vn/`)).statusCode).toBe(403);
    const pending = ((await call('owner', 'GET', members)).json().results as Array<{ email: string; role: string }>).find((m) => m.email === 'future.owner@hardening.vn');
    expect(pending?.role).toBe('owner');
    expect((await call('owner', 'DELETE', `${members}future.owner@hardening.vn/`)).statusCode).toBe(204);
  });

  it('keeps an owner when two owners demote or remove each other at the same instant', async () => {
    for (let round = 0; round < 6; round += 1) {
      const slug = `race-${round}`;
      await call('owner', 'POST', '/api/clients-api/companies/', { name: `Race ${round}` });
      const members = `/api/clients-api/companies/${slug}/members/`;
      await call('owner', 'POST', members, { email: 'partner@hardening.vn', role: 'owner' });
      await call('partner', 'POST', `/api/clients-api/invitations/${slug}/accept/`);
      const leave = round % 2 === 0;
      await Promise.all([
        leave ? call('owner', 'DELETE', `${members}owner@hardening.vn/`) : call('owner', 'PATCH', `${members}partner@hardening.vn/`, { role: 'viewer' }),
        leave ? call('partner', 'DELETE', `${members}partner@hardening.vn/`) : call('partner', 'PATCH', `${members}owner@hardening.vn/`, { role: 'viewer' }),
      ]);
      const [owners] = await runner(t.database)<{ n: number }>(
        `SELECT count(*)::int AS n FROM memberships m JOIN companies c ON c.id = m.company_id WHERE c.slug = $1 AND m.role = 'owner'`, [slug]);
      expect(owners?.n, slug).toBe(1);
    }
  });
});
