import { describe, expect, it } from 'vitest';
import { callApi, demoAccount, eventually, newPage, registerWithCompany, seedWithDemoAdministrator, signIn, useServerAndBrowser } from './harness.js';

const member = { email: 'thu.nguyen@example.com', password: 'bi-reports-e2e-2026', name: 'Nguyễn Thu' };

/** The C/O utilisation report page and the overview's C/O chart, with the demonstration account made administrator as `npm run admin -- grant` does. */
describe('BI reports and C/O utilisation in Chromium', () => {
  const suite = useServerAndBrowser({}, seedWithDemoAdministrator);


  async function adminToken(): Promise<string> {
    const response = await fetch(`${suite.server.url}/api/oauth/token/`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: demoAccount.email, password: demoAccount.password, client_id: 'dutybook-web' }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  it('opens the C/O utilisation page only once an XNK-UTM-CO report is assigned, and charts it on the overview as the SQL sums it', async () => {
    const { url } = suite.server;
    const year = new Date().getUTCFullYear();
    const { token, scope } = await registerWithCompany(suite.server, member, 'Hai Phong Electronics');
    const line = (body: object) => callApi(url, token, '/balance/ecus/', { method: 'POST', body: { ...scope, type_code: 'E31', unit: 'PCE', total: '100', ...body } });
    await line({ account_number: '101200000010', row_number: 1, registered_date: `${year}-02-03`, code: 'PHONE-TH', item_name: 'Phones from Thailand', hs: '85171300', from_country: 'TH', total_value: '25000000', co_form: 'D', co_number: 'TH-1' });
    await line({ account_number: '101200000020', row_number: 1, registered_date: `${year}-03-04`, code: 'PHONE-KR', item_name: 'Phones from Korea', hs: '85171300', from_country: 'KR', total_value: '12000000' });

    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, suite.server.url, member);
    // Without a report of that type the page does not exist for this user.
    await page.goto(`${url}/uni/xnk-co-utm`);
    await eventually(() => page.getByText('Something is wrong').count()).toBe(1);

    const admin = await adminToken();
    const report = await callApi<{ id: number }>(url, admin, '/admin/reports/', {
      method: 'POST', body: { name: 'C/O utilisation (Power BI)', embed_url: 'https://app.powerbi.com/reportEmbed?reportId=e2e', type: 'XNK-UTM-CO' },
    });
    await callApi(url, admin, `/admin/users/${member.email}/reports/`, { method: 'PUT', body: { report_ids: [report.id] } });

    await page.goto(`${url}/uni/xnk-co-utm`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Something is wrong');
    await eventually(() => page.locator('iframe[src^="https://app.powerbi.com/reportEmbed"]').count()).toBe(1);
    await eventually(() => page.getByTestId('co-utilisation-table').count()).toBe(1);

    // The overview draws the same figures; its table view lists exactly what the SQL answers.
    const sums = await callApi<{ rows: Array<{ lines: number; with_co_value: string; without_co_value: string; saving: string }> }>(
      url, token, `/clients-api/companies/${scope.company_slug}/dashboard/co-utilisation/?folder_slug=${scope.folder_slug}&view=agreement`);
    expect(sums.rows.reduce((total, row) => total + row.lines, 0)).toBe(2);
    await page.goto(`${url}/`);
    const chart = page.getByTestId('chart-co-utilisation');
    await eventually(() => chart.locator('canvas').count()).toBeGreaterThan(0);
    await chart.getByRole('button', { name: 'Table' }).click();
    const shown = await chart.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)));
    const number = new Intl.NumberFormat('en-US');
    expect(shown).toEqual(sums.rows.map((row) => [number.format(row.lines), number.format(Number(row.with_co_value)), number.format(Number(row.without_co_value)), number.format(Number(row.saving))]));
    expect(pageErrors).toEqual([]);
    await context.close();
  });
  it('gives every assigned report type its entry in the navigation, and BCQT and Tax reports their pages', async () => {
    const { url } = suite.server;
    const analyst = { email: 'lan.pham@example.com', password: 'bi-reports-e2e-2027', name: 'Phạm Lan' };
    await registerWithCompany(suite.server, analyst, 'Da Nang Garments');
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, url, analyst);
    const navigation = page.getByRole('navigation').first();
    await eventually(() => navigation.getByRole('link', { name: 'Origin schedule' }).count()).toBe(1);
    expect(await navigation.getByRole('link', { name: /Settlement reports|Tax reports|C\/O utilisation/ }).count()).toBe(0);
    await page.goto(`${url}/uni/reports/tax`);
    await eventually(() => page.getByText('Something is wrong').count()).toBe(1);

    const admin = await adminToken();
    const add = (body: object) => callApi<{ id: number }>(url, admin, '/admin/reports/', { method: 'POST', body: { embed_url: 'https://app.powerbi.com/reportEmbed?reportId=nav', ...body } });
    const bcqt = await add({ name: 'BCQT processing (Power BI)', type: 'BCQT', sub_type: 'GC' });
    const tax = await add({ name: 'Import tax (Power BI)', type: 'Tax' });
    await callApi(url, admin, `/admin/users/${analyst.email}/reports/`, { method: 'PUT', body: { report_ids: [bcqt.id, tax.id] } });

    await page.goto(`${url}/`);
    await eventually(() => navigation.getByRole('link', { name: 'Tax reports' }).count()).toBe(1);
    expect(await navigation.getByRole('link', { name: 'Settlement reports (BCQT)' }).count()).toBe(1);
    // Only the types assigned: no C/O utilisation report was.
    expect(await navigation.getByRole('link', { name: 'C/O utilisation' }).count()).toBe(0);

    await navigation.getByRole('link', { name: 'Settlement reports (BCQT)' }).click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settlement reports (BCQT)');
    await eventually(() => page.getByRole('heading', { name: 'Processing (GC)' }).count()).toBe(1);
    await eventually(() => page.locator('iframe[src^="https://app.powerbi.com/reportEmbed"]').count()).toBe(1);
    await navigation.getByRole('link', { name: 'Tax reports' }).click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tax reports');
    await eventually(() => page.locator('iframe[src^="https://app.powerbi.com/reportEmbed"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
