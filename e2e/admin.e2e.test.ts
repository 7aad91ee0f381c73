import { describe, expect, it } from 'vitest';
import { demoAccount, eventually, newPage, registerWithCompany, seedWithDemoAdministrator, signIn, useServerAndBrowser } from './harness.js';

const member = { email: 'minh.tran@example.com', password: 'admin-area-e2e-2026', name: 'Trần Minh' };

/** The administration area with the demonstration account made administrator, as `npm run admin -- grant` does. */
describe('platform administration in Chromium', () => {
  const suite = useServerAndBrowser({}, seedWithDemoAdministrator);


  it('shows a member the not-found page at /admin; an administrator disables the member, finds it in the audit log, and adds and assigns a report', async () => {
    const { url } = suite.server;
    await registerWithCompany(suite.server, member, 'Minh Logistics');

    const visitor = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(visitor.page, suite.server.url, member);
    await visitor.page.goto(`${url}/admin`);
    await eventually(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('Something is wrong');
    await visitor.page.getByTestId('account-menu').click();
    await eventually(() => visitor.page.getByTestId('logout').count()).toBe(1);
    expect(await visitor.page.getByTestId('admin-menu').count()).toBe(0);
    expect(visitor.pageErrors).toEqual([]);
    await visitor.context.close();

    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, suite.server.url, demoAccount);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('admin-menu').click();
    await eventually(() => new URL(page.url()).pathname).toBe('/admin/users');

    // Find the member, disable them, and see it in the list.
    await page.getByTestId('user-search').locator('input').fill('tran minh');
    const row = page.locator(`tr[data-user="${member.email}"]`);
    await eventually(() => page.locator('tr[data-user]').count()).toBe(1);
    await row.getByRole('button', { name: `Disable ${member.email}` }).click();
    await page.getByTestId('confirm').click();
    await eventually(() => row.getByTestId('user-disabled').count()).toBe(1);

    // The audit log names the action, who did it and on whom.
    await page.getByTestId('admin-tab-audit-log').click();
    await page.getByTestId('audit-search').locator('input').fill(member.email);
    const disabled = page.locator('tr[data-event="user_disabled"]');
    await eventually(() => disabled.count()).toBe(1);
    expect(await disabled.locator('td').allTextContents()).toEqual(expect.arrayContaining(['User disabled', demoAccount.email, member.email]));

    // A report joins the catalogue and is assigned to the member by address.
    await page.getByTestId('admin-tab-reports').click();
    await page.getByTestId('add-report').click();
    await page.getByLabel('Name').fill('C/O utilisation (Power BI)');
    await page.getByLabel('Embed address').fill('https://app.powerbi.com/reportEmbed?reportId=admin-e2e');
    await page.getByTestId('save-report').click();
    const report = page.locator('tr[data-report="C/O utilisation (Power BI)"]');
    await eventually(() => report.count()).toBe(1);
    await page.getByTestId('assign-email').locator('input').fill(member.email);
    await page.getByRole('checkbox', { name: /C\/O utilisation \(Power BI\)/ }).check();
    await page.getByTestId('assign-reports').click();
    await eventually(() => report.getByText(member.email).count()).toBe(1);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
