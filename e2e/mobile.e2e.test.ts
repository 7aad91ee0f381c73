import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { eventually, newPage, signInAsDemo, useServerAndBrowser } from './harness.js';

/** The data screens, the import wizard and the reports at a phone's width (390 px): nothing wider than the screen. */
describe('a phone-size window', () => {
  const suite = useServerAndBrowser();

  it('keeps every screen within 390 px, the menu closed until asked for', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 390, height: 844 });
    // The visitor's header keeps its sign-in button on one line in Vietnamese ('Đăng nhập').
    await page.goto(`${suite.server.url}/`);
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.reload();
    const login = page.getByTestId('header-login');
    await eventually(() => login.textContent()).toBe('Đăng nhập');
    expect(await login.evaluate((element) => element.scrollHeight)).toBeLessThan(40);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel('E-mail', { exact: false }).fill('demo@dutybook.vn');
    await page.getByLabel(/^Password/).fill('dutybook-demo-2026');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await eventually(() => new URL(page.url()).pathname).not.toBe('/login');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const path of ['/', '/data/exim/ecus', '/reports/statement-15', '/reports/check-statement', '/fta/bangke', '/company']) {
      await page.goto(`${suite.server.url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await overflow(), path).toBeLessThanOrEqual(0);
      // The page, not the menu, fills the screen.
      expect((await page.locator('main').boundingBox())?.x, path).toBe(0);
    }
    await page.goto(`${suite.server.url}/data/exim/ecus`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const dialog = await page.getByRole('dialog').boundingBox();
    expect(dialog!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${suite.server.dataDir}/import-390.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lets a touch screen pick the header rows by two taps, and maps columns within its width in Vietnamese', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tờ khai');
    sheet.addRow(['Danh sách tờ khai xuất khẩu']);
    sheet.addRow(['Số tờ khai', 'Ngày đăng ký', 'Mã loại hình', 'Mã hàng', 'Lượng', 'Đơn vị tính']);
    for (let index = 0; index < 5; index += 1) sheet.addRow([`30580876${index}`, new Date(Date.UTC(2026, 2, 2 + index)), 'E62', `AO-${index}`, 1000.5 + index, 'PCE']);
    const file = path.join(suite.server.dataDir, 'Tờ khai điện thoại.xlsx');
    await fs.writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));

    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'vi-VN', phone: true });
    await page.goto(`${suite.server.url}/`);
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await signInAsDemo(page, suite.server.url);
    await page.goto(`${suite.server.url}/data/exim/ecus`);
    await page.getByTestId('import-button').tap();
    await page.getByTestId('upload-input').setInputFiles(file);
    await eventually(() => page.getByTestId('upload-done').count()).toBe(1);
    await page.getByTestId('wizard-next').tap();

    // No Shift key on a phone: the hint says to tap twice, and two taps mark the header from the first row to the second.
    const hint = page.getByText(/Chạm vào một dòng/);
    await eventually(() => hint.count()).toBe(1);
    expect(await page.getByText(/Shift/).count()).toBe(0);
    const header = () => page.locator('[data-testid="sheet-preview"] tr[data-header="true"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row')));
    await page.locator('[data-testid="sheet-preview"] tr[data-row="1"]').tap();
    await eventually(header).toEqual(['1']);
    await page.locator('[data-testid="sheet-preview"] tr[data-row="2"]').tap();
    await eventually(header).toEqual(['1', '2']);
    // A third tap starts again.
    await page.locator('[data-testid="sheet-preview"] tr[data-row="2"]').tap();
    await eventually(header).toEqual(['2']);
    await eventually(() => page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await page.getByTestId('wizard-next').tap();

    // The mapping step: nothing wider than the screen, first values written as a Vietnamese reader writes them.
    await eventually(() => page.getByTestId('map-registered_date').inputValue()).toBe('column:B');
    const firstValue = (field: string) => page.locator(`[data-field-row="${field}"] [data-testid="first-value-inline"]`).textContent();
    await eventually(() => firstValue('registered_date')).toBe('Giá trị đầu tiên: 02/03/2026');
    await eventually(() => firstValue('total')).toBe('Giá trị đầu tiên: 1.000,5');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The mapping table itself is not cut: no column of it lies beyond the screen.
    const table = page.locator('table[aria-label="Ghép cột"]');
    expect(await table.evaluate((element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0))).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('mapping-submit').textContent()).toBe('Xác nhận');
    await page.screenshot({ path: `${suite.server.dataDir}/mapping-390.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
