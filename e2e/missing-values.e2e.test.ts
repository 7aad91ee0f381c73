import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, eventually, newPage, registerWithCompany, signIn, useServerAndBrowser } from './harness.js';

/**
 * Declaration lines imported without their taxable value: the tariff check lists the line whose duty it cannot compute
 * as such, says its figures exclude it, and never shows a duty of 0 for it, on a laptop and on a phone. The
 * demonstration tariff knows coffee (0901.11.10) but holds no rates, so each line is judged by its declared rate.
 */
describe('the tariff check over lines without a taxable value', () => {
  const suite = useServerAndBrowser();
  const account = { email: 'thu.nguyen@example.com', password: 'values-e2e-2026', name: 'Nguyễn Thu' };
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    const { token, scope } = await registerWithCompany(suite.server, account, 'Buon Ma Thuot Coffee');
    const add = (body: object) => callApi(suite.server.url, token, '/balance/ecus/', { method: 'POST', body: { ...scope, ...body } });
    const coffee = { registered_date: `${year}-03-01`, type_code: 'A11', item_name: 'Robusta beans', unit: 'KG', hs: '09011110', from_country: 'BR', tax_rate: '5' };
    // Nothing gives its value: its 5 % duty cannot be computed.
    await add({ ...coffee, account_number: '106000000010', code: 'CF-1', total: '1000' });
    // 4,000 USD × 25,000: its value is derived.
    await add({ ...coffee, account_number: '106000000020', code: 'CF-2', total: '1000', nt_value: '4000', currency: 'USD', exchange_rate: '25000' });
  });

  async function tariffCheck(page: Page, width: number): Promise<void> {
    await page.setViewportSize({ width, height: width > 800 ? 768 : 844 });
    await signIn(page, suite.server.url, account);
    await page.goto(`${suite.server.url}/reports/tariff-check`);
    const rows = page.getByTestId('report-tariff-check').locator('tbody tr');
    await eventually(() => rows.count()).toBe(1);
    const duty = rows.first().locator('[data-column="duty_at_risk"]');
    await expect(rows.first().textContent()).resolves.toContain('CF-1');
    await expect(rows.first().textContent()).resolves.toContain('Value missing: duty not computed');
    // The duty cell says the value is missing, on screen, and shows no amount.
    await expect(duty.textContent()).resolves.toBe('Value missing');
    await expect(duty.textContent()).resolves.not.toMatch(/\d/);
    const box = await duty.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
    // The summary does not read as all clear, and says what the figures leave out and what was derived.
    await expect(page.getByTestId('tariff-check-summary').getAttribute('class')).resolves.not.toContain('Success');
    await expect(page.getByTestId('tariff-check-value-missing').textContent()).resolves.toContain('The duty of 1 line could not be computed');
    await expect(page.getByTestId('tariff-check-derived').textContent()).resolves.toBe("1 line's taxable value was derived from invoice value × exchange rate.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/tariff-missing-values-${width}.png` });
  }

  it('warns on the mapping step of a declaration sheet without origin, currency or values, and lets it import', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tờ khai');
    sheet.addRow(['Số tờ khai', 'Ngày đăng ký', 'Mã loại hình', 'Mã hàng', 'Lượng', 'Đơn vị tính']);
    sheet.addRow(['106000000030', new Date(Date.UTC(year, 3, 1)), 'A11', 'CF-3', 500, 'KGM']);
    const file = path.join(suite.server.dataDir, 'Tờ khai không trị giá.xlsx');
    await fs.writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, suite.server.url, account);
    await page.goto(`${suite.server.url}/data/exim/ecus`);
    await page.getByTestId('import-button').click();
    await page.getByTestId('upload-input').setInputFiles(file);
    await eventually(() => page.getByTestId('upload-done').textContent()).toContain('Tờ khai không trị giá.xlsx');
    await page.getByTestId('wizard-next').click();
    await eventually(() => page.getByTestId('header-end').inputValue()).toBe('F1');
    await eventually(() => page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await page.getByTestId('wizard-next').click();
    await eventually(() => page.getByTestId('map-account_number').inputValue()).toBe('column:A');
    const warning = page.getByTestId('import-missing-fields');
    const needs = () => warning.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-need')));
    await eventually(needs).toEqual(['origin', 'currency', 'value']);
    await expect(warning.textContent()).resolves.toContain('C/O utilisation and the preferential duty checks');
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/mapping-missing-fields-1366.png` });
    // One origin for every row answers the first; the import is not held up by the others.
    await page.getByRole('combobox', { name: 'Origin', exact: true }).click();
    await page.getByTestId('constant-from_country').click();
    await eventually(needs).toEqual(['currency', 'value']);
    await expect(page.getByTestId('wizard-next').isEnabled()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says under the overview\'s value charts which values were derived and how many lines have none', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, suite.server.url, account);
    await page.goto(`${suite.server.url}/`);
    const note = page.getByTestId('chart-by-month-values');
    await eventually(() => note.textContent()).toContain('1 line has no taxable value');
    await expect(note.textContent()).resolves.toContain("1 line's taxable value was derived from invoice value × exchange rate.");
    await page.getByTestId('chart-top-materials').getByRole('button', { name: 'Table' }).click();
    await eventually(() => page.getByTestId('chart-top-materials').getByText('no value').count()).toBeGreaterThan(0);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/overview-missing-values-1366.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  for (const width of [1366, 390]) {
    it(`lists the line without a value as such at ${width} px, with no duty of 0`, async () => {
      const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
      await tariffCheck(page, width);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
