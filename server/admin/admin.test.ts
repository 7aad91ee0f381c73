import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { settledJobs } from '../jobs/leases.js';
import { setAdministrator } from '../reports-bi/admin-cli.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

const password = 'Harbour-Ledger-4417';

/** The platform administration API: users, visitors' questions, lookup data loads and the audit log. */
describe('platform administration', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = (who: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });
  const withToken = (token: string, request: { payload: Buffer; headers: Record<string, string> }) =>
    ({ payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });
  const signIn = (email: string, secret = password) => t.app.inject({
    method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username: email, password: secret }).toString(),
  });
  const events = async (query: string) => (await call('admin', 'GET', `/api/admin/audit-events/?${query}`)).json() as {
    count: number; results: Array<{ action: string; subject: string; actor_email: string | null; company_name: string | null; details: Record<string, unknown> }>;
  };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    for (const name of ['admin', 'member', 'colleague']) {
      const email = `${name}@admin.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password, name: `${name} Nguyễn` } });
      const confirmed = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json();
      tokens[name] = confirmed.token.access_token;
      ids[name] = (await call(name, 'GET', '/api/clients-api/info/')).json().id;
    }
    await setAdministrator(runner(t.database), 'grant', 'admin@admin.vn');
  });
  afterAll(async () => { await t.close(); });

  it('answers 404 on every administration path to anyone but a platform administrator, and 401 without a token', async () => {
    const paths: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/users/'], ['POST', `/api/admin/users/${ids.colleague}/disable/`], ['POST', `/api/admin/users/${ids.colleague}/enable/`],
      ['POST', `/api/admin/users/${ids.colleague}/reset-sessions/`], ['GET', '/api/admin/questions/'], ['GET', '/api/admin/questions/1/'],
      ['GET', '/api/admin/questions/1/attachment/'], ['PUT', '/api/admin/questions/1/answered/', { answered: true }],
      ['GET', '/api/admin/lookup-loads/'], ['GET', '/api/admin/lookup-loads/1/'], ['POST', '/api/admin/lookup-loads/', { kind: 'regulations' }],
      ['GET', '/api/admin/audit-events/'],
    ];
    for (const [method, url, payload] of paths) {
      expect((await call('member', method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('admin', 'GET', '/api/admin/users/')).statusCode).toBe(200);
  });

  it('lists and searches users, accents and case aside, a page at a time', async () => {
    const all = (await call('admin', 'GET', '/api/admin/users/?page_size=2')).json();
    expect(all.count).toBe(3);
    expect(all.results.map((user: { email: string }) => user.email)).toEqual(['admin@admin.vn', 'colleague@admin.vn']);
    const found = (await call('admin', 'GET', '/api/admin/users/?search=MEMBER%20nguyen')).json();
    expect(found.results).toEqual([expect.objectContaining({
      email: 'member@admin.vn', name: 'member Nguyễn', is_admin: false, is_verified: true, disabled_at: null, active_sessions: 1,
      last_sign_in_at: expect.any(String), date_joined: expect.any(String),
    })]);
    expect((await call('admin', 'GET', '/api/admin/users/?search=100%25')).json().count).toBe(0);
  });

  it('disables a user: their sessions stop at once and they cannot sign in until enabled again; an administrator cannot disable themself', async () => {
    const own = await call('admin', 'POST', `/api/admin/users/${ids.admin}/disable/`);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_account');

    const disabled = await call('admin', 'POST', `/api/admin/users/${ids.colleague}/disable/`);
    expect(disabled.json()).toMatchObject({ email: 'colleague@admin.vn', disabled_at: expect.any(String), active_sessions: 0 });
    expect((await call('colleague', 'GET', '/api/clients-api/info/')).statusCode).toBe(401);
    const refused = await signIn('colleague@admin.vn');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_disabled');
    // A wrong password still answers as for anyone: being disabled is told only to who knows the password.
    expect((await signIn('colleague@admin.vn', 'not-the-password-1')).json().code).toBe('invalid_credentials');

    const enabled = await call('admin', 'POST', `/api/admin/users/${ids.colleague}/enable/`);
    expect(enabled.json().disabled_at).toBeNull();
    // Enabling revives no old session.
    expect((await call('colleague', 'GET', '/api/clients-api/info/')).statusCode).toBe(401);
    const again = await signIn('colleague@admin.vn');
    expect(again.statusCode).toBe(200);
    tokens.colleague = again.json().access_token;
    expect((await call('colleague', 'GET', '/api/clients-api/info/')).statusCode).toBe(200);

    const log = await events('search=colleague@admin.vn');
    expect(log.results.map((event) => event.action)).toEqual(expect.arrayContaining(['user_disabled', 'user_enabled']));
    expect(log.results.find((event) => event.action === 'user_disabled')?.actor_email).toBe('admin@admin.vn');
    expect(log.results.filter((event) => event.action === 'sign_in_failed').map((event) => event.details.reason)).toEqual(['invalid_credentials', 'account_disabled']);
  });

  it('resets a user\'s sessions: every token of theirs is revoked; an administrator resetting their own keeps the one in use', async () => {
    const second = (await signIn('member@admin.vn')).json().access_token as string;
    const before = (await call('admin', 'GET', '/api/admin/users/?search=member@')).json().results[0];
    expect(before.active_sessions).toBe(2);
    const reset = await call('admin', 'POST', `/api/admin/users/${ids.member}/reset-sessions/`);
    expect(reset.json().active_sessions).toBe(0);
    expect((await call('member', 'GET', '/api/clients-api/info/')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(401);
    expect((await events('action=sessions_reset')).results[0]).toMatchObject({ subject: 'member@admin.vn', details: { sessions: 2 } });

    const elsewhere = (await signIn('admin@admin.vn')).json().access_token as string;
    expect((await call('admin', 'POST', `/api/admin/users/${ids.admin}/reset-sessions/`)).json().active_sessions).toBe(1);
    expect((await call('admin', 'GET', '/api/admin/users/')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${elsewhere}` } })).statusCode).toBe(401);
    tokens.member = (await signIn('member@admin.vn')).json().access_token;
  });

  it('keeps visitors\' questions in an inbox: open ones first, the attachment downloaded safely, answered and reopened', async () => {
    const ask = (question: string, attachment?: { fileName: string; fileType: string; text: string }) => t.app.inject({
      method: 'POST', url: '/api/lookup/contact/', payload: {
        name: 'Lan', email: 'lan@example.com', question,
        ...(attachment ? { fileName: attachment.fileName, fileType: attachment.fileType, file: Buffer.from(attachment.text).toString('base64') } : {}),
      },
    });
    const first = (await ask('Which code for green coffee?')).json().id as number;
    const second = (await ask('Is <script>alert(1)</script> dutiable?', { fileName: '../../Hoá đơn "42".txt', fileType: 'text/html', text: '<html><script>alert(1)</script></html>' })).json().id as number;

    const open = (await call('admin', 'GET', '/api/admin/questions/')).json();
    expect(open.results.map((question: { id: number }) => question.id)).toEqual([second, first]);
    expect(open.results[0]).toMatchObject({ name: 'Lan', excerpt: 'Is <script>alert(1)</script> dutiable?', file_name: '../../Hoá đơn "42".txt', file_size: 38, answered_at: null });

    const attachment = await call('admin', 'GET', `/api/admin/questions/${second}/attachment/`);
    expect(attachment.statusCode).toBe(200);
    // The visitor's browser said text/html; the extension decides, and the download never renders in the page.
    expect(attachment.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(attachment.headers['content-disposition']).toBe(`attachment; filename="Hoa don 42.txt"; filename*=UTF-8''${encodeURIComponent('Hoá đơn "42".txt')}`);
    expect(attachment.headers['x-content-type-options']).toBe('nosniff');
    expect(attachment.body).toBe('<html><script>alert(1)</script></html>');
    expect((await call('admin', 'GET', `/api/admin/questions/${first}/attachment/`)).statusCode).toBe(404);

    const answered = await call('admin', 'PUT', `/api/admin/questions/${second}/answered/`, { answered: true });
    expect(answered.json()).toMatchObject({ id: second, question: 'Is <script>alert(1)</script> dutiable?', answered_by: 'admin@admin.vn', answered_at: expect.any(String) });
    expect((await call('admin', 'GET', '/api/admin/questions/?status=open')).json().results.map((question: { id: number }) => question.id)).toEqual([first]);
    expect((await call('admin', 'GET', '/api/admin/questions/?status=answered')).json().results.map((question: { id: number }) => question.id)).toEqual([second]);
    expect((await call('admin', 'PUT', `/api/admin/questions/${second}/answered/`, { answered: false })).json()).toMatchObject({ answered_at: null, answered_by: null });
    expect((await call('admin', 'GET', '/api/admin/questions/?status=all')).json().count).toBe(2);
    expect((await call('admin', 'GET', '/api/admin/questions/999999/')).statusCode).toBe(404);
  });

  describe('lookup data loads', () => {
    const load = async (fields: Record<string, string>, name: string, text: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/lookup-loads/', ...withToken(tokens.admin!, multipart(fields, { name, content: Buffer.from(text) })) });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toMatchObject({ status: 'queued', file_name: name, started_by: 'admin@admin.vn' });
      await settledJobs();
      return (await call('admin', 'GET', `/api/admin/lookup-loads/${response.json().id}/`)).json();
    };
    const search = async () => (await t.app.inject({ method: 'GET', url: '/api/lookup/search/?q=&year=2022' })).json().response.numFound as number;

    it('loads a file in the background to done, with its rows, and the lookup answers from the new data at once', async () => {
      // Asked twice, the second answer comes from the cache.
      const before = await search();
      expect(before).not.toBe(4);
      expect(await search()).toBe(before);
      const done = await load({ kind: 'tariff', year: '2022' }, 'tariff-2022.csv', [
        'code,description,en_description',
        'II,Các sản phẩm thực vật,Vegetable products',
        '09,"Cà phê, chè",Coffee and tea',
        '0901,Cà phê,Coffee',
        '09011110,Cà phê nhân,Green coffee',
      ].join('\n'));
      expect(done).toMatchObject({ kind: 'tariff', year: 2022, status: 'succeeded', stage: null, rows_read: 4, rows: 4, error: null, finished_at: expect.any(String) });
      expect(done.duration_ms).toBeGreaterThanOrEqual(0);
      expect(await search()).toBe(4);
      expect((await events('action=lookup_load_started')).results[0]).toMatchObject({ subject: 'tariff-2022.csv', details: { kind: 'tariff', year: 2022 } });
    });

    it('ends a file that cannot be loaded as failed, with why, and changes nothing', async () => {
      const failed = await load({ kind: 'tariff', year: '2022' }, 'wrong.csv', 'description\nCà phê\n');
      expect(failed).toMatchObject({ status: 'failed', rows: null, error: 'wrong.csv lacks the column(s) code.', failure: { code: 'missing_columns', values: { file: 'wrong.csv', columns: 'code' } } });
      const badCode = await load({ kind: 'decisions', year: '2022' }, 'decisions.csv', 'doc_no,hs,product_name\n1/TB,09x1,Cà phê\n');
      expect(badCode).toMatchObject({ status: 'failed', failure: { code: 'bad_code', values: { row: 2, value: '09x1' } } });
      expect(await search()).toBe(4);
      const history = (await call('admin', 'GET', '/api/admin/lookup-loads/')).json();
      expect(history.results.map((entry: { status: string }) => entry.status)).toEqual(['failed', 'failed', 'succeeded']);
    });

    it('asks a year of the yearly kinds, refuses what is not a sheet, and takes an earlier upload by its id', async () => {
      const noYear = await t.app.inject({ method: 'POST', url: '/api/admin/lookup-loads/', ...withToken(tokens.admin!, multipart({ kind: 'tariff' }, { name: 'a.csv', content: Buffer.from('code\n01\n') })) });
      expect(noYear.statusCode).toBe(400);
      expect(Object.keys(noYear.json().fields)).toEqual(['year']);
      const picture = await t.app.inject({ method: 'POST', url: '/api/admin/lookup-loads/', ...withToken(tokens.admin!, multipart({ kind: 'co' }, { name: 'a.csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) })) });
      expect(picture.statusCode).toBe(422);
      const uploaded = (await t.app.inject({ method: 'POST', url: '/api/uploads/', ...withToken(tokens.admin!, multipart({}, { name: 'regulations.csv', content: Buffer.from('doc_no,title,codes\n31/2022/TT-BTC,Danh mục,01 09\n') })) })).json();
      const queued = await call('admin', 'POST', '/api/admin/lookup-loads/', { kind: 'regulations', upload_id: uploaded.upload_id });
      expect(queued.statusCode).toBe(202);
      expect(queued.json().year).toBeNull();
      await settledJobs();
      expect((await call('admin', 'GET', `/api/admin/lookup-loads/${queued.json().id}/`)).json()).toMatchObject({ status: 'succeeded', rows: 1 });
      // Another user's upload is not found.
      const theirs = (await t.app.inject({ method: 'POST', url: '/api/uploads/', ...withToken(tokens.member!, multipart({}, { name: 'co.csv', content: Buffer.from('reference_no\nVN-1\n') })) })).json();
      expect((await call('admin', 'POST', '/api/admin/lookup-loads/', { kind: 'co', upload_id: theirs.upload_id })).statusCode).toBe(404);
    });
  });

  describe('the audit log', () => {
    it('records sign-ins, succeeded and failed, with the address tried', async () => {
      expect((await signIn('member@admin.vn', 'Wrong-password-1')).statusCode).toBe(400);
      expect((await signIn('nobody@admin.vn')).statusCode).toBe(400);
      const failures = await events('action=sign_in_failed');
      expect(failures.results.slice(0, 2)).toEqual([
        expect.objectContaining({ subject: 'nobody@admin.vn', actor_email: null, details: expect.objectContaining({ reason: 'invalid_credentials', method: 'password' }) }),
        expect.objectContaining({ subject: 'member@admin.vn', details: expect.objectContaining({ reason: 'invalid_credentials' }) }),
      ]);
      const successes = await events('action=sign_in&search=member');
      expect(successes.results[0]).toMatchObject({ subject: 'member@admin.vn', actor_email: 'member@admin.vn', details: { method: 'password' } });
      expect(successes.results.at(-1)).toMatchObject({ details: { method: 'registration' } });
    });

    it('records role changes, member removals, imports started and rolled back, and deleted folder sets and companies, by company', async () => {
      const company = (await call('member', 'POST', '/api/clients-api/companies/', { name: 'Hải Phòng Thép' })).json();
      const base = `/api/clients-api/companies/${company.slug}`;
      await call('member', 'POST', `${base}/members/`, { email: 'colleague@admin.vn', role: 'viewer' });
      await call('colleague', 'POST', `/api/clients-api/invitations/${company.slug}/accept/`);
      expect((await call('member', 'PATCH', `${base}/members/colleague@admin.vn/`, { role: 'member' })).statusCode).toBe(200);

      const year = new Date().getUTCFullYear();
      const csv = `Số tờ khai,Ngày đăng ký,Mã loại hình,Mã hàng,Tên hàng,Lượng,Đơn vị tính\n105800000010,${year}-03-01,E31,NVL-1,Vải,1000,MTR\n`;
      const mapping = {
        account_number: { mapping_col_name: 'A', title: 'Số tờ khai' }, registered_date: { mapping_col_name: 'B', title: 'Ngày đăng ký' },
        type_code: { mapping_col_name: 'C', title: 'Mã loại hình' }, code: { mapping_col_name: 'D', title: 'Mã hàng' },
        item_name: { mapping_col_name: 'E', title: 'Tên hàng' }, total: { mapping_col_name: 'F', title: 'Lượng' }, unit: { mapping_col_name: 'G', title: 'Đơn vị tính' },
      };
      const started = await t.app.inject({
        method: 'POST', url: '/api/balance/ecus/import_data/',
        ...withToken(tokens.member!, multipart({ company_slug: company.slug, folder_slug: company.folder_set[0].slug, sheet_name: 'CSV', header_from: '1', mapping: JSON.stringify(mapping) }, { name: 'to-khai.csv', content: Buffer.from(csv) })),
      });
      expect(started.statusCode, started.body).toBe(202);
      await settledJobs();
      expect((await call('member', 'GET', `/api/balance/import-record/${started.json().id}/`)).json().status).toBe('succeeded');
      expect((await call('member', 'POST', `/api/balance/import-record/${started.json().id}/rollback/`)).statusCode).toBe(200);

      // While the folder set exists, its events carry its name beside the slug they were recorded with.
      const importEvent = (await events('action=import_started&page_size=100')).results.find((event) => event.company_name === 'Hải Phòng Thép');
      expect(importEvent?.details).toMatchObject({ folder_set: company.folder_set[0].slug, folder_set_name: company.folder_set[0].name });

      const spare = (await call('member', 'POST', `${base}/folder-sets/`, { name: 'FY2020', year: 2020, date_start: '2020-01-01', date_end: '2020-12-31', type_code: 'GC' })).json();
      expect((await call('member', 'DELETE', `${base}/folder-sets/${spare.slug}/`)).statusCode).toBe(204);
      expect((await call('member', 'DELETE', `${base}/members/colleague@admin.vn/`)).statusCode).toBe(204);
      expect((await call('member', 'DELETE', `${base}/`)).statusCode).toBe(204);

      const log = await events('search=&page_size=100');
      const ofCompany = log.results.filter((event) => event.company_name === 'Hải Phòng Thép');
      expect(ofCompany.map((event) => event.action)).toEqual([
        'company_deleted', 'member_removed', 'folder_set_deleted', 'import_rolled_back', 'import_started', 'member_role_changed',
      ]);
      expect(ofCompany.find((event) => event.action === 'member_role_changed')).toMatchObject({ subject: 'colleague@admin.vn', actor_email: 'member@admin.vn', details: { from: 'viewer', to: 'member' } });
      expect(ofCompany.find((event) => event.action === 'import_started')).toMatchObject({ subject: 'to-khai.csv', details: { table: 'ecus', import_type: 'IMPORT' } });
      expect(ofCompany.find((event) => event.action === 'folder_set_deleted')).toMatchObject({ subject: 'FY2020', details: { year: 2020 } });

      // Filters: an action, a text in the subject (accents aside), and days.
      expect((await events('action=folder_set_deleted')).results.map((event) => event.subject)).toEqual(['FY2020']);
      expect((await events('search=hai%20phong%20thep&action=company_deleted')).count).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      expect((await events(`from=${today}&to=${today}&action=company_deleted`)).count).toBe(1);
      expect((await events('to=2000-01-01')).count).toBe(0);
      expect((await call('admin', 'GET', '/api/admin/audit-events/?action=nothing')).statusCode).toBe(400);
    });
  });
});
