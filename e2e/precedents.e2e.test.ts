import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, eventually, newPage, registerWithCompany, signIn, useServerAndBrowser } from './harness.js';

/** The company's own declarations beside the lookup, on a declaration line, and in the HS consistency report, at laptop and phone widths. */
describe('classification precedents in Chromium', () => {
  const suite = useServerAndBrowser();
  const account = { email: 'thu.nguyen@example.com', password: 'precedents-e2e-2026', name: 'Nguyễn Thu' };
  const shots = process.env.E2E_SCREENSHOTS;

  beforeAll(async () => {
    const { token, scope } = await registerWithCompany(suite.server, account, 'Hai Phong Garment');
    const add = (body: object) => callApi(suite.server.url, token, '/balance/ecus/', { method: 'POST', body: { ...scope, type_code: 'E31', total: '100', unit: 'MTR', ...body } });
    await add({ account_number: '105800000010', registered_date: '2025-03-01', code: 'NPL-VAI', item_name: 'Vải cotton 100% khổ 58"', hs: '52083200' });
    await add({ account_number: '105800000020', registered_date: '2025-04-01', code: 'NPL-VAI', item_name: 'Vải cotton 100% khổ 58"', hs: '52083200' });
    await add({ account_number: '105800000030', registered_date: '2025-06-01', code: 'NPL-VAI', item_name: 'Vải cotton 100% khổ 58"', hs: '52085200' });
    await add({ account_number: '105800000040', registered_date: '2025-05-01', code: 'NPL-CUC', item_name: 'Cúc nhựa 4 lỗ', hs: '39269099' });
    // A code the lookup's demonstration tariff holds, for its code page.
    await add({ account_number: '105800000050', registered_date: '2025-07-01', code: 'NL-CAPHE', item_name: 'Cà phê hạt chưa rang', hs: '09011190', unit: 'KGM' });
  });

  async function open(width: number): Promise<{ page: Page; pageErrors: string[]; close: () => Promise<void> }> {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'vi-VN' });
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await signIn(page, suite.server.url, account);
    return { page, pageErrors, close: () => context.close() };
  }

  for (const width of [1366, 390]) {
    it(`shows the company's declarations above the public search, on a code page, on a line and in the report (${width} px)`, async () => {
      const { page, pageErrors, close } = await open(width);
      await page.goto(`${suite.server.url}/search?q=${encodeURIComponent('vải cotton')}`);
      const declarations = page.getByTestId('your-declarations');
      await eventually(() => declarations.getByTestId('precedent').count()).toBe(2);
      expect(await declarations.getByTestId('precedent').first().getAttribute('data-hs')).toBe('52083200');
      expect(await declarations.getByRole('heading', { name: 'Tờ khai của bạn' }).count()).toBe(1);
      if (shots) await page.screenshot({ path: `${shots}/precedents-search-${width}.png`, fullPage: true });

      await page.goto(`${suite.server.url}/09011190`);
      await eventually(() => page.getByTestId('code-declarations').getByText('NL-CAPHE').count()).toBeGreaterThan(0);
      if (shots) await page.getByTestId('code-declarations').screenshot({ path: `${shots}/precedents-code-${width}.png` });

      await page.goto(`${suite.server.url}/data/exim/ecus`);
      const action = page.getByTestId('row-action-declared-before').first();
      await eventually(() => action.count()).toBe(1);
      await action.click();
      const dialog = page.getByTestId('declared-before');
      await eventually(() => dialog.getByTestId('precedent').count()).toBeGreaterThan(0);
      if (shots) await page.screenshot({ path: `${shots}/precedents-line-${width}.png` });
      await page.getByRole('button', { name: 'Đóng' }).click();

      await page.goto(`${suite.server.url}/reports/classification-consistency`);
      await eventually(() => page.getByTestId('report-classification-consistency').getByText('NPL-VAI').count()).toBe(1);
      await eventually(() => page.getByTestId('consistency-export').isEnabled()).toBe(true);
      if (shots) await page.screenshot({ path: `${shots}/precedents-consistency-${width}.png`, fullPage: true });
      // Nothing wider than the screen but the report's own scrolling table.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      expect(pageErrors).toEqual([]);
      await close();
    });
  }
});
