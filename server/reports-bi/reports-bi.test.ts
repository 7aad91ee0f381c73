import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Run, runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { setAdministrator } from './admin-cli.js';

/** The report catalogue, assignments, each user's reports and the guarded C/O utilisation page. */
describe('embedded BI reports', () => {
  let t: TestApp;
  let run: Run;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  let company = { slug: '', folder: '' };
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });
  const page = (who: string, query = '') => call(who, 'GET', `/api/uni/xnk-co-utm/?company_slug=${company.slug}&folder_slug=${company.folder}${query}`);
  const report = { name: 'C/O utilisation 2024', embed_url: 'https://app.powerbi.com/reportEmbed?reportId=1f2e&autoAuth=true', type: 'XNK-UTM-CO' };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000, reportOrigins: ['https://app.powerbi.com'] }, mail);
    run = runner(t.database);
    for (const name of ['admin', 'member', 'stranger']) {
      const email = `${name}@bi.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name } });
      tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    }
    expect(await setAdministrator(run, 'grant', 'ADMIN@bi.vn')).toBe('admin@bi.vn is now a platform administrator.');
    const created = (await call('member', 'POST', '/api/clients-api/companies/', { name: 'Hai Phong Steel' })).json();
    const set = (await call('member', 'POST', `/api/clients-api/companies/${created.slug}/folder-sets/`, { name: 'FY2024', year: 2024, date_start: '2024-01-01', date_end: '2024-12-31', type_code: 'SXXK' })).json();
    company = { slug: created.slug, folder: set.slug };
  });
  afterAll(async () => { await t.close(); });

  it('lets only administrators manage the catalogue; anyone else finds nothing there', async () => {
    for (const [method, url] of [['GET', '/api/admin/reports/'], ['POST', '/api/admin/reports/'], ['PUT', '/api/admin/reports/1/'], ['DELETE', '/api/admin/reports/1/'], ['PUT', '/api/admin/users/member@bi.vn/reports/']] as const) {
      expect((await call('member', method, url, method === 'GET' || method === 'DELETE' ? undefined : { ...report, report_ids: [] })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports/' })).statusCode).toBe(401);
    expect((await call('admin', 'POST', '/api/admin/reports/', { ...report, embed_url: 'https://evil.example/report' })).json().fields.embed_url).toEqual(['origin_not_allowed']);
    expect((await call('admin', 'POST', '/api/admin/reports/', { ...report, type: 'BCQT' })).statusCode).toBe(400);
    const created = await call('admin', 'POST', '/api/admin/reports/', report);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), ...report, sub_type: null });
    const bcqt = (await call('admin', 'POST', '/api/admin/reports/', { name: 'BCQT GC', embed_url: 'https://app.powerbi.com/reportEmbed?reportId=aa', type: 'BCQT', sub_type: 'GC' })).json();
    expect((await call('admin', 'PUT', `/api/admin/reports/${bcqt.id}/`, { name: 'BCQT gia công', embed_url: bcqt.embed_url, type: 'BCQT', sub_type: 'GC' })).json().name).toBe('BCQT gia công');
    const tax = (await call('admin', 'POST', '/api/admin/reports/', { name: 'Tax', embed_url: 'https://app.powerbi.com/reportEmbed?reportId=bb', type: 'Tax' })).json();
    expect((await call('admin', 'DELETE', `/api/admin/reports/${tax.id}/`)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', `/api/admin/reports/${tax.id}/`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/admin/reports/')).json().results.map((entry: { name: string }) => entry.name)).toEqual(['BCQT gia công', 'C/O utilisation 2024']);
  });

  it('shows each user only the reports assigned to them, grouped by type', async () => {
    const catalogue = (await call('admin', 'GET', '/api/admin/reports/')).json().results as Array<{ id: number; type: string }>;
    expect((await call('admin', 'PUT', '/api/admin/users/member@bi.vn/reports/', { report_ids: [999] })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/api/admin/users/ghost@bi.vn/reports/', { report_ids: [] })).statusCode).toBe(404);
    expect((await call('member', 'GET', '/api/clients-api/reports/')).json()).toEqual({ reports: [], reports_by_type: {} });
    const assigned = (await call('admin', 'PUT', '/api/admin/users/member@bi.vn/reports/', { report_ids: catalogue.map((entry) => entry.id) })).json();
    expect(Object.keys(assigned.reports_by_type).sort()).toEqual(['BCQT', 'XNK-UTM-CO']);
    const mine = (await call('member', 'GET', '/api/clients-api/reports/')).json();
    expect(mine.reports_by_type['XNK-UTM-CO']).toEqual([expect.objectContaining(report)]);
    expect((await call('stranger', 'GET', '/api/clients-api/reports/')).json().reports).toEqual([]);
    expect((await call('admin', 'GET', '/api/admin/reports/')).json().results.every((entry: { users: string[] }) => entry.users.join() === 'member@bi.vn')).toBe(true);
  });

  it('opens /uni/xnk-co-utm to holders of an XNK-UTM-CO report and administrators only, within their own companies', async () => {
    const answer = await page('member');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().reports).toEqual([expect.objectContaining(report)]);
    expect(answer.json().utilisation.totals.lines).toBe(0);
    // The stranger holds no such report; given one, another company's period is still not found.
    expect((await page('stranger')).statusCode).toBe(404);
    const { id } = (await call('admin', 'GET', '/api/admin/reports/')).json().results.find((entry: { type: string }) => entry.type === 'XNK-UTM-CO');
    await call('admin', 'PUT', '/api/admin/users/stranger@bi.vn/reports/', { report_ids: [id] });
    expect((await page('stranger')).statusCode).toBe(404);
    expect((await call('stranger', 'GET', '/api/clients-api/reports/')).json().reports).toHaveLength(1);
    // Taking the report back closes the page again.
    await call('admin', 'PUT', '/api/admin/users/member@bi.vn/reports/', { report_ids: [] });
    expect((await page('member')).statusCode).toBe(404);
    // An administrator passes the report guard but is no member of this company.
    expect((await page('admin')).statusCode).toBe(404);
  });

  it('writes every view to a workbook in the reader\'s language and frames only the configured report origins', async () => {
    // The member holds no report now: administration alone opens the page.
    await setAdministrator(run, 'grant', 'member@bi.vn');
    const file = await page('member', '&format=xlsx&lang=en');
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['By agreement', 'By supplier', 'By material']);
    expect(workbook.worksheets[0]!.getRow(4).getCell(1).value).toBe('Total');
    expect(await setAdministrator(run, 'revoke', 'member@bi.vn')).toBe('member@bi.vn is no longer a platform administrator.');
    expect((await page('member')).statusCode).toBe(404);
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health/' })).headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self' https:\/\/app\.powerbi\.com;/);
  });
});
