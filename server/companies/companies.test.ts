import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

describe('companies, members and folder sets', () => {
  let t: TestApp;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    for (const name of ['owner', 'viewer', 'stranger', 'admin']) tokens[name] = await signUp(`${name}@example.vn`);
  });
  afterAll(async () => t.close());

  async function signUp(email: string): Promise<string> {
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name: email.split('@')[0] } });
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
    return confirmed.json().token.access_token as string;
  }
  const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });

  it('creates a company owned by its creator with a folder set for this year', async () => {
    const created = await call('owner', 'POST', '/api/clients-api/companies/', { name: 'Công ty Đông Á', tax_code: '0312345678', email: '' });
    expect(created.statusCode).toBe(201);
    const year = new Date().getUTCFullYear();
    expect(created.json()).toMatchObject({ slug: 'cong-ty-dong-a', name: 'Công ty Đông Á', tax_code: '0312345678', email: null, role: 'owner', staff_count: 1 });
    expect(created.json().folder_set).toEqual([expect.objectContaining({ slug: String(year), year, date_start: `${year}-01-01`, date_end: `${year}-12-31`, type_code: 'SXXK' })]);
    expect(created.json().folder_set[0].subfolders.map((f: { slug: string }) => f.slug)).toContain('statement-15A');

    const again = await call('owner', 'POST', '/api/clients-api/companies/', { name: 'Công ty Đông Á' });
    expect(again.json().slug).toMatch(/^cong-ty-dong-a-[0-9a-f]{4}$/);
    const info = await call('owner', 'GET', '/api/clients-api/info/');
    expect(info.json().companies.map((c: { role: string }) => c.role)).toEqual(['owner', 'owner']);
    expect((await call('owner', 'GET', '/api/clients-api/companies/')).json().count).toBe(2);
  });

  it('hides a company from non-members and keeps viewers read-only', async () => {
    const url = '/api/clients-api/companies/cong-ty-dong-a/';
    for (const [method, path] of [['GET', url], ['PATCH', url], ['DELETE', url], ['GET', `${url}members/`], ['GET', `${url}folder-sets/`]] as const) {
      const response = await call('stranger', method, path, method === 'PATCH' ? { name: 'Mine' } : undefined);
      expect(response.statusCode).toBe(404);
    }
    expect((await call('owner', 'POST', `${url}members/`, { email: 'viewer@example.vn', role: 'viewer' })).statusCode).toBe(201);
    expect((await call('viewer', 'POST', '/api/clients-api/invitations/cong-ty-dong-a/accept/')).statusCode).toBe(200);
    expect((await call('viewer', 'GET', url)).json().role).toBe('viewer');
    const refused = await call('viewer', 'PATCH', url, { name: 'Renamed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('permission_denied');
    expect((await call('viewer', 'POST', `${url}folder-sets/`, { name: 'X', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'GC' })).statusCode).toBe(403);
    expect((await call('owner', 'PATCH', url, { name: 'Đông Á Manufacturing', pic_email: 'pic@dong-a.vn' })).json()).toMatchObject({ name: 'Đông Á Manufacturing', pic_email: 'pic@dong-a.vn' });
  });

  it('invites unknown addresses, who join only by accepting once they have an account', async () => {
    const url = '/api/clients-api/companies/cong-ty-dong-a/members/';
    const invited = await call('owner', 'POST', url, { email: 'newcomer@example.vn', role: 'member' });
    expect(invited.json()).toMatchObject({ email: 'newcomer@example.vn', pending: true, role: 'member' });
    expect(mail.sent.at(-1)).toMatchObject({ to: 'newcomer@example.vn' });
    tokens.newcomer = await signUp('newcomer@example.vn');
    expect((await call('newcomer', 'GET', '/api/clients-api/info/')).json().companies).toEqual([]);
    const waiting = (await call('newcomer', 'GET', '/api/clients-api/invitations/')).json();
    expect(waiting.results).toEqual([expect.objectContaining({ company_slug: 'cong-ty-dong-a', role: 'member', invited_by: 'owner' })]);
    expect((await call('newcomer', 'POST', '/api/clients-api/invitations/cong-ty-dong-a/accept/')).json()).toMatchObject({ slug: 'cong-ty-dong-a', role: 'member' });
    expect((await call('newcomer', 'GET', '/api/clients-api/invitations/')).json().count).toBe(0);
    const members = (await call('owner', 'GET', url)).json().results;
    expect(members.map((m: { email: string; pending: boolean }) => `${m.email}:${m.pending}`)).toEqual(['newcomer@example.vn:false', 'owner@example.vn:false', 'viewer@example.vn:false']);
  });

  it('never adds an existing account without its consent, nor tells the inviter its name', async () => {
    const url = '/api/clients-api/companies/cong-ty-dong-a/members/';
    const invited = await call('owner', 'POST', url, { email: 'stranger@example.vn', role: 'member' });
    expect(invited.json()).toEqual({ user_id: null, email: 'stranger@example.vn', name: null, role: 'member', since: expect.any(String), pending: true });
    const unknown = await call('owner', 'POST', url, { email: 'nobody-yet@example.vn', role: 'member' });
    expect(Object.keys(unknown.json())).toEqual(Object.keys(invited.json()));
    expect((await call('stranger', 'GET', '/api/clients-api/companies/cong-ty-dong-a/')).statusCode).toBe(404);
    expect((await call('stranger', 'DELETE', '/api/clients-api/invitations/cong-ty-dong-a/')).statusCode).toBe(204);
    expect((await call('stranger', 'POST', '/api/clients-api/invitations/cong-ty-dong-a/accept/')).statusCode).toBe(404);
    expect((await call('stranger', 'GET', '/api/clients-api/companies/cong-ty-dong-a/')).statusCode).toBe(404);
    expect((await call('owner', 'DELETE', `${url}nobody-yet@example.vn/`)).statusCode).toBe(204);
  });

  it('lets an admin raise no one, and no invitation, to owner; a refused change writes nothing', async () => {
    const url = '/api/clients-api/companies/cong-ty-dong-a/members/';
    await call('owner', 'POST', url, { email: 'admin@example.vn', role: 'admin' });
    await call('admin', 'POST', '/api/clients-api/invitations/cong-ty-dong-a/accept/');
    expect((await call('admin', 'POST', url, { email: 'accomplice@example.vn', role: 'owner' })).statusCode).toBe(403);
    expect((await call('admin', 'POST', url, { email: 'accomplice@example.vn', role: 'member' })).statusCode).toBe(201);
    const raised = await call('admin', 'PATCH', `${url}accomplice@example.vn/`, { role: 'owner' });
    expect(raised.statusCode).toBe(403);
    expect((await call('admin', 'PATCH', `${url}newcomer@example.vn/`, { role: 'owner' })).statusCode).toBe(403);
    const members = (await call('owner', 'GET', url)).json().results as Array<{ email: string; role: string }>;
    expect(members.find((m) => m.email === 'accomplice@example.vn')?.role).toBe('member');
    expect(members.filter((m) => m.role === 'owner').map((m) => m.email)).toEqual(['owner@example.vn']);
    expect((await call('admin', 'DELETE', `${url}accomplice@example.vn/`)).statusCode).toBe(204);
    expect((await call('owner', 'DELETE', `${url}admin@example.vn/`)).statusCode).toBe(204);
  });

  it('always keeps an owner', async () => {
    const url = '/api/clients-api/companies/cong-ty-dong-a/members/';
    const demote = await call('owner', 'PATCH', `${url}owner@example.vn/`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('last_owner');
    expect((await call('owner', 'DELETE', `${url}owner@example.vn/`)).json().code).toBe('last_owner');
    expect((await call('owner', 'PATCH', `${url}viewer@example.vn/`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('viewer', 'PATCH', `${url}newcomer@example.vn/`, { role: 'owner' })).statusCode).toBe(403);
    expect((await call('newcomer', 'DELETE', `${url}newcomer@example.vn/`)).statusCode).toBe(204);
  });

  it('creates, renames and deletes folder sets, keeping at least one', async () => {
    const url = '/api/clients-api/companies/cong-ty-dong-a/folder-sets/';
    const created = await call('owner', 'POST', url, { name: 'Năm 2025 GC', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'GC' });
    expect(created.json()).toMatchObject({ slug: 'nam-2025-gc', type_code: 'GC' });
    const backwards = await call('owner', 'POST', url, { name: 'Bad', year: 2025, date_start: '2025-12-31', date_end: '2025-01-01', type_code: 'GC' });
    expect(backwards.json().fields.date_end).toBeDefined();
    expect((await call('owner', 'PATCH', `${url}nam-2025-gc/`, { name: 'FY2025 processing' })).json().name).toBe('FY2025 processing');
    expect((await call('owner', 'DELETE', `${url}nam-2025-gc/`)).statusCode).toBe(204);
    const year = String(new Date().getUTCFullYear());
    expect((await call('owner', 'DELETE', `${url}${year}/`)).json().code).toBe('conflict');
  });

  it('keeps a period inside its year and apart from the other periods of its regime', async () => {
    const url = '/api/clients-api/companies/cong-ty-dong-a/folder-sets/';
    const outside = await call('owner', 'POST', url, { name: 'Wrong year', year: 2024, date_start: '2023-01-01', date_end: '2023-12-31', type_code: 'GC' });
    expect(outside.json()).toMatchObject({ code: 'period_outside_year', fields: { date_start: ['The period must start or end in 2024.'] } });
    expect((await call('owner', 'POST', url, { name: 'FY 2024-25', year: 2025, date_start: '2024-04-01', date_end: '2025-03-31', type_code: 'GC' })).statusCode).toBe(201);
    const overlap = await call('owner', 'POST', url, { name: 'GC 2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'GC' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'period_overlaps', overlaps: 'fy-2024-25' });
    expect((await call('owner', 'POST', url, { name: 'SXXK 2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'SXXK' })).statusCode).toBe(201);
    expect((await call('owner', 'PATCH', `${url}fy-2024-25/`, { date_end: '2025-06-30' })).statusCode).toBe(200);
    expect((await call('owner', 'PATCH', `${url}sxxk-2025/`, { type_code: 'GC' })).json().code).toBe('period_overlaps');
  });

  it('lets only an owner delete the company', async () => {
    expect((await call('viewer', 'DELETE', '/api/clients-api/companies/cong-ty-dong-a/')).statusCode).toBe(403);
    expect((await call('owner', 'DELETE', '/api/clients-api/companies/cong-ty-dong-a/')).statusCode).toBe(204);
    expect((await call('owner', 'GET', '/api/clients-api/companies/cong-ty-dong-a/')).statusCode).toBe(404);
  });
});
