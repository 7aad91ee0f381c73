import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, eventually, newPage, registerWithCompany, signIn, useServerAndBrowser } from './harness.js';

/** A Form 15 workbook as a company receives it: a title, captions in its own order with an HS code column, numbered columns, signatures. */
async function officialWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BCQT');
  sheet.getCell('A1').value = 'BÁO CÁO QUYẾT TOÁN NGUYÊN LIỆU, VẬT TƯ';
  sheet.mergeCells('A1:I1');
  sheet.getCell('A2').value = 'Tên tổ chức: {{company}}';
  ['STT', 'Tên nguyên liệu, vật tư', 'Mã nguyên liệu, vật tư', 'Mã HS', 'Đơn vị tính', 'Lượng tồn đầu kỳ', 'Lượng nhập trong kỳ', 'Xuất kho để sản xuất', 'Lượng tồn kho cuối kỳ']
    .forEach((caption, index) => {
      sheet.getCell(4, index + 1).value = caption;
      sheet.getCell(5, index + 1).value = `(${index + 1})`;
    });
  sheet.getCell('B8').value = 'Người lập biểu';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('statement layout templates in Chromium', () => {
  const suite = useServerAndBrowser();
  const account = { email: 'hoa.tran@example.com', password: 'templates-e2e-2026', name: 'Trần Hoa' };
  const year = new Date().getUTCFullYear();
  let folderName = '';

  beforeAll(async () => {
    const { token, scope } = await registerWithCompany(suite.server, account, 'Long An Footwear');
    const add = (table: string, body: object) => callApi(suite.server.url, token, table, { method: 'POST', body: { ...scope, ...body } });
    await add('/balance/begin/', { item_type: 'material', code: 'LEATHER-01', name: 'Cow leather', unit: 'MTK', begin_value: '120' });
    await add('/balance/ecus/', { account_number: '105900000010', registered_date: `${year}-02-01`, type_code: 'E31', code: 'LEATHER-01', item_name: 'Cow leather', total: '2500.5', unit: 'MTK', hs: '41071200' });
    await add('/new-balance/wh-take-out/', { item_type: 'material', code: 'LEATHER-01', name: 'Cow leather', unit: 'MTK', takeout_date: `${year}-03-01`, quantity: '2000', purpose: 'production' });
    const sets = await callApi<{ results: Array<{ slug: string; name: string }> }>(suite.server.url, token, `/clients-api/companies/${scope.company_slug}/folder-sets/`);
    folderName = sets.results.find((set) => set.slug === scope.folder_slug)!.name;
  });

  it('uploads a form\'s workbook, maps its columns, chooses it for the folder set and exports Statement 15 into it', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, suite.server.url, account);
    await page.goto(`${suite.server.url}/reports/layout-templates`);
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-name').fill('Circular 121/2025');
    await page.getByTestId('template-name-save').click();
    await page.getByTestId('template-edit-15').click();

    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('template-file').setInputFiles({ name: 'mau-15.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await officialWorkbook() });
    // The captions and the numbered row under them are proposed as the header, the signatures as the block below the data.
    await eventually(() => dialog.locator('input[name=header_from]').inputValue()).toBe('4');
    await expect(dialog.locator('input[name=header_to]').inputValue()).resolves.toBe('5');
    await expect(dialog.locator('input[name=footer_row]').inputValue()).resolves.toBe('8');
    await expect(dialog.getByTestId('map-code').textContent()).resolves.toContain('C · Mã nguyên liệu, vật tư (3)');
    await expect(dialog.getByText('Left empty on export: D · Mã HS (4)').count()).resolves.toBe(1);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/template-form.png`, fullPage: true });
    // The code column cannot be left out: the save is refused beside it, the rest kept.
    await dialog.getByRole('combobox', { name: 'Code' }).click();
    await page.getByRole('option', { name: 'Not in this form' }).click();
    await dialog.getByTestId('template-save').click();
    await eventually(() => dialog.getByText('Map this column: the rows are told apart by it.').count()).toBe(1);
    await expect(dialog.getByTestId('map-name').textContent()).resolves.toContain('B · Tên nguyên liệu, vật tư (2)');
    await dialog.getByRole('combobox', { name: 'Code' }).click();
    await page.getByRole('option', { name: 'C · Mã nguyên liệu, vật tư (3)' }).click();
    await dialog.getByTestId('template-save').click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    await eventually(() => page.getByRole('button', { name: 'mau-15.xlsx' }).count()).toBe(1);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/templates.png`, fullPage: true });

    await page.goto(`${suite.server.url}/company`);
    await page.getByRole('tab', { name: 'Folder sets' }).click();
    await page.getByRole('button', { name: `Edit ${folderName}` }).click();
    const folderDialog = page.getByRole('dialog');
    // This year's period ends after 1 February 2026: the dialog says the Circular 39 forms were replaced.
    await eventually(() => folderDialog.getByText(/Circular 121\/2025 replaced these forms/).count()).toBe(1);
    await folderDialog.getByRole('combobox', { name: 'Statement layout' }).click();
    await page.getByRole('option', { name: 'Circular 121/2025 (template: forms 15)' }).click();
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    await page.goto(`${suite.server.url}/reports/statement-15`);
    await eventually(() => page.getByTestId('row-LEATHER-01').count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('statement-export').click();
    const saved = path.join(suite.server.dataDir, 'statement-15-template.xlsx');
    await (await download).saveAs(saved);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await fs.readFile(saved) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('BCQT')!;
    expect(sheet.getCell('A1').value).toBe('BÁO CÁO QUYẾT TOÁN NGUYÊN LIỆU, VẬT TƯ');
    expect(sheet.getCell('A2').value).toBe('Tên tổ chức: Long An Footwear');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((column) => sheet.getRow(6).getCell(column).value))
      .toEqual([1, 'Cow leather', 'LEATHER-01', null, 'MTK', 120, 2500.5, 2000, 620.5]);
    expect(sheet.getCell('I6').numFmt).toBe('#,##0.0;[Red]-#,##0.0');
    expect(sheet.getCell('B8').value).toBe('Người lập biểu');
    expect(pageErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});
