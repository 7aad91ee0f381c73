import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, newPage, useServerAndBrowser } from './harness.js';

const demo = { email: 'demo@dutybook.vn', password: 'dutybook-demo-2026' };
const prefix = 'E2E-IMP';

/** Uploads, the reader process and the import job take longer than expect.poll's default second. */

/**
 * An ECUS-like declaration list: a two-row header whose goods columns sit under a merged 'Hàng hóa'
 * cell, `count` goods lines (with bad values where `overrides` says), and a remarks column no field takes.
 */
async function ecusWorkbook(count: number, overrides: Record<number, { total?: string; registered_date?: string }> = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tờ khai');
  const top: Record<string, string> = { A1: 'Số tờ khai', B1: 'Ngày đăng ký', C1: 'Mã loại hình', D1: 'Hàng hóa', G1: 'Ghi chú', D2: 'Mã hàng', E2: 'Lượng', F2: 'Đơn vị tính' };
  for (const [cell, text] of Object.entries(top)) sheet.getCell(cell).value = text;
  for (const range of ['A1:A2', 'B1:B2', 'C1:C2', 'D1:F1', 'G1:G2']) sheet.mergeCells(range);
  for (let index = 0; index < count; index += 1) {
    sheet.addRow([
      `1058087${String(61_000 + index).padStart(5, '0')}`,
      overrides[index]?.registered_date ?? new Date(Date.UTC(2026, 2, 2 + (index % 20))),
      index % 3 === 0 ? 'E21' : 'E31',
      `${prefix}-${String(index + 1).padStart(3, '0')}`,
      overrides[index]?.total ?? 1000 + index * 12.5,
      index % 2 === 0 ? 'MTR' : 'KGM',
      index === 4 ? 'Hàng mẫu' : null,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail', { exact: false }).fill(demo.email);
  await page.getByLabel(/^Password/).fill(demo.password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await eventually(() => new URL(page.url()).pathname.endsWith('/login')).toBe(false);
}

const tableCount = (page: Page) => page.getByTestId('table-count').textContent();
const mapped = (page: Page, field: string) => page.getByTestId(`map-${field}`).inputValue();
const headerRows = (page: Page) => page.locator('[data-testid="sheet-preview"] tr[data-header="true"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row')));

/** Opens the wizard on the table screen (unless it is open) and sends the file; the upload step then offers Next. */
async function uploadInWizard(page: Page, file: string, { open = true } = {}): Promise<void> {
  if (open) await page.getByTestId('import-button').click();
  await page.getByTestId('upload-input').setInputFiles(file);
  await eventually(() => page.getByTestId('upload-done').textContent()).toContain(path.basename(file));
  await page.getByTestId('wizard-next').click();
}

/** Takes the guessed two-row header as it is proposed: Next reads its names and goes on to the mapping. */
async function takeGuessedHeader(page: Page): Promise<void> {
  await eventually(() => page.getByTestId('header-end').inputValue()).toBe('G2');
  await eventually(() => page.getByTestId('wizard-next').isEnabled()).toBe(true);
  await page.getByTestId('wizard-next').click();
}

async function openTable(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/data/exim/ecus`);
  await eventually(() => page.getByTestId('resource-table-ecus').getAttribute('data-state')).toBe('hasData');
}

/** The test's own timeout: the server's reader process and the job poll take a while on a busy machine. */
const slow = 120_000;

describe('Excel import in Chromium', () => {
  const suite = useServerAndBrowser({ BASE_PATH: '/dutybook' });
  let dir = '';
  let file = '';
  afterAll(async () => { if (dir) await fs.rm(dir, { recursive: true, force: true }); });

  it('imports an ECUS sheet with a merged two-row header through the four steps', async () => {
    const { url } = suite.server;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-import-'));
    file = path.join(dir, 'Tờ khai nhập khẩu.xlsx');
    await fs.writeFile(file, await ecusWorkbook(30));

    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, url);
    await openTable(page, url);

    // Step 1: Next waits for the file, which goes up once.
    await page.getByTestId('import-button').click();
    await eventually(() => page.getByText('Upload File Here').count()).toBe(1);
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    await page.getByTestId('upload-input').setInputFiles(file);
    await eventually(() => page.getByTestId('upload-done').textContent()).toContain('Tờ khai nhập khẩu.xlsx');
    await page.getByTestId('wizard-next').click();

    // Step 2: the merged header is guessed as rows 1–2; typed cells are upper-cased; rows can be picked.
    await eventually(() => page.getByTestId('header-end').inputValue()).toBe('G2');
    expect(await page.getByTestId('header-start').inputValue()).toBe('A1');
    await page.getByTestId('header-end').fill('g3');
    expect(await page.getByTestId('header-end').inputValue()).toBe('G3');
    await eventually(() => headerRows(page)).toEqual(['1', '2', '3']);
    await page.locator('[data-testid="sheet-preview"] tr[data-row="1"]').click();
    await page.locator('[data-testid="sheet-preview"] tr[data-row="2"]').click({ modifiers: ['Shift'] });
    await eventually(() => headerRows(page)).toEqual(['1', '2']);
    expect(await page.getByTestId('header-end').inputValue()).toBe('G2');
    await page.getByTestId('select-header').click();
    await eventually(() => page.getByTestId('header-fetched').textContent()).toBe('Header found in rows 1–2: 7 columns');
    await eventually(() => page.getByTestId('header-names').textContent()).toContain('D · Hàng hóa Mã hàng');
    await page.getByTestId('wizard-next').click();

    // Step 3: columns matched from the Vietnamese names, the remarks kept as an extra field; origin gets one value.
    await eventually(() => mapped(page, 'account_number')).toBe('column:A');
    expect(await mapped(page, 'registered_date')).toBe('column:B');
    expect(await mapped(page, 'type_code')).toBe('column:C');
    expect(await mapped(page, 'code')).toBe('column:D');
    expect(await mapped(page, 'total')).toBe('column:E');
    expect(await mapped(page, 'unit')).toBe('column:F');
    expect(await page.getByTestId('extra-columns').textContent()).toContain('G · Ghi chú → ghichu');
    // The proposal counts as chosen: Next is open without pressing Confirm.
    expect(await page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Origin', exact: true }).click();
    await page.getByTestId('constant-from_country').click();
    const mappingCount = await page.getByTestId('mapping-count').textContent();
    // Next saves the mapping as the setup, as Confirm does.
    await page.getByTestId('wizard-next').click();

    // Step 4: where the rows go and the mapping's count as step 3 gave it; the value for every row is required;
    // the last Next starts the import.
    await eventually(() => page.getByTestId('summary-folderSet').textContent()).toMatch(/\d{4}/);
    expect(await page.getByTestId('summary-mapped').textContent()).toBe(mappingCount);
    await page.getByTestId('wizard-next').click();
    await eventually(() => page.getByTestId('import-error').textContent()).toBe('Fill in every value for all rows first.');
    await page.locator('input[data-field="from_country"]').fill('CN');
    await page.getByTestId('wizard-next').click();
    await eventually(() => page.getByTestId('import-result').getAttribute('data-status'), 30_000).toBe('succeeded');
    expect(await page.getByTestId('import-inserted').textContent()).toBe('30');
    expect(await page.getByTestId('import-rejected').textContent()).toBe('0');

    // The table behind has the rows: one code from the file, with its declaration number kept as text.
    await page.getByTestId('import-done').click();
    await page.getByTestId('table-search').fill(`${prefix}-017`);
    await eventually(() => tableCount(page)).toBe('1 row');
    await eventually(() => page.locator('.MuiDataGrid-row').first().textContent()).toContain('105808761016');

    expect(pageErrors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  }, slow);

  it('offers the remembered setup, replaces a file imported before, and rolls an import back', async () => {
    const { url } = suite.server;
    const { context, page } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, url);
    await openTable(page, url);

    await uploadInWizard(page, file);
    await takeGuessedHeader(page);
    await eventually(() => mapped(page, 'code')).toBe('column:D');
    expect(await mapped(page, 'from_country')).toBe('constant');
    expect(await page.locator('[data-field-row="code"]').textContent()).toContain('Last import');
    await page.getByTestId('wizard-next').click();
    expect(await page.locator('input[data-field="from_country"]').inputValue()).toBe('CN');
    await page.getByTestId('wizard-next').click();
    await eventually(() => page.getByTestId('duplicate-dialog').textContent()).toContain('This file was already imported into this period on');
    await page.getByTestId('duplicate-replace').click();
    await eventually(() => page.getByTestId('import-result').getAttribute('data-status'), 30_000).toBe('succeeded');
    await page.getByTestId('import-done').click();
    await page.getByTestId('table-search').fill(`${prefix}-017`);
    await eventually(() => tableCount(page)).toBe('1 row');

    // The history lists both imports, the first one replaced; rolling back the newest takes its rows out.
    await page.getByTestId('import-history-button').click();
    const history = page.getByTestId('import-history');
    await eventually(() => history.getByTestId('record-status').allTextContents()).toEqual(['Succeeded', 'Replaced']);
    expect(await history.textContent()).toContain('Tờ khai nhập khẩu.xlsx');
    await history.getByTestId('rollback').first().click();
    await page.getByTestId('confirm-rollback').click();
    await eventually(() => history.getByTestId('record-status').allTextContents()).toEqual(['Rolled back', 'Replaced']);
    await page.keyboard.press('Escape');
    await eventually(() => tableCount(page)).toBe('0 rows');
    await context.close();
  }, slow);

  it('imports the good rows, lists the refused ones and downloads them', async () => {
    const { url } = suite.server;
    const flawed = path.join(dir, 'Tờ khai có lỗi.xlsx');
    await fs.writeFile(flawed, await ecusWorkbook(12, { 3: { total: 'nhiều' }, 8: { registered_date: '31/02/2026' } }));
    const { context, page } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, url);
    await openTable(page, url);

    await uploadInWizard(page, flawed);
    await takeGuessedHeader(page);
    await eventually(() => mapped(page, 'total')).toBe('column:E');
    await page.getByTestId('mapping-submit').click();
    await eventually(() => page.getByTestId('setup-saved').count()).toBe(1);
    await page.getByTestId('wizard-next').click();
    await page.locator('input[data-field="from_country"]').fill('KR');
    await page.getByTestId('keep-posting').click();
    await page.getByTestId('wizard-next').click();
    await eventually(() => page.getByTestId('import-result').getAttribute('data-status'), 30_000).toBe('succeeded');
    expect(await page.getByTestId('import-inserted').textContent()).toBe('10');
    expect(await page.getByTestId('import-rejected').textContent()).toBe('2');
    const errors = await page.getByTestId('import-errors').locator('tbody tr').allTextContents();
    expect(errors).toEqual([expect.stringMatching(/^6EQuantity/), expect.stringMatching(/^11BRegistration date/)]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-rejected').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await context.close();
  }, slow);

  it('lists the columns a sheet needs on the first step, and its template comes back with every column mapped', async () => {
    const { url } = suite.server;
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-template-'));
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, url);
    await page.goto(`${url}/data/warehouse/wh-take-out`);
    await eventually(() => page.getByTestId('resource-table-wh-take-out').getAttribute('data-state')).toBe('hasData');

    // Before any file: the columns as the template names them, the required ones marked, and the template to download.
    await page.getByTestId('import-button').click();
    const columns = ['Item type *', 'Item code *', 'Item name *', 'Unit *', 'Issue voucher no.', 'Take-out date *', 'Quantity *', 'Purpose'];
    await eventually(() => page.getByTestId('template-columns').locator('li').allTextContents()).toEqual(columns);
    expect(await page.getByTestId('template-column-bill_no').getAttribute('data-required')).toBe('false');
    expect(await page.getByTestId('template-column-takeout_date').getAttribute('data-required')).toBe('true');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('template-download').click()]);
    expect(download.suggestedFilename()).toBe('Warehouse take-out - import template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Warehouse take-out', 'Instructions']);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(columns);

    // Filled in as a storekeeper would, it goes through the wizard with every column proposed for its field.
    sheet.addRow(['Material', `${prefix}-TPL`, 'Cotton yarn', 'KGM', 'PXK-2603-001', '15/03/2026', '42.5', 'Production']);
    const filled = path.join(folder, 'Phiếu xuất kho.xlsx');
    await workbook.xlsx.writeFile(filled);
    await uploadInWizard(page, filled, { open: false });
    await eventually(() => page.getByTestId('header-end').inputValue()).toBe('H1');
    await page.getByTestId('wizard-next').click();
    const fields = ['item_type', 'code', 'name', 'unit', 'bill_no', 'takeout_date', 'quantity', 'purpose'];
    await eventually(() => Promise.all(fields.map((field) => mapped(page, field)))).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((column) => `column:${column}`));
    expect(await page.getByTestId('mapping-count').textContent()).toBe('8 of 8 fields mapped');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await eventually(() => page.getByTestId('import-result').getAttribute('data-status'), 30_000).toBe('succeeded');
    expect(await page.getByTestId('import-inserted').textContent()).toBe('1');

    expect(pageErrors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
    await fs.rm(folder, { recursive: true, force: true });
  }, slow);
});
