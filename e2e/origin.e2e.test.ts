import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import PizZip from 'pizzip';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, eventually, newPage, registerWithCompany, useServerAndBrowser } from './harness.js';

describe('origin schedules in Chromium', () => {
  const suite = useServerAndBrowser();
  const account = { email: 'minh.tran@example.com', password: 'origin-e2e-2026', name: 'Trần Minh', token: '' };
  const scope = { company_slug: '', folder_slug: '' };
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    const registered = await registerWithCompany(suite.server, account, 'Hai Phong Bags');
    account.token = registered.token;
    Object.assign(scope, registered.scope);
    const add = (table: string, body: object) => callApi(suite.server.url, account.token, table, { method: 'POST', body: { ...scope, ...body } });
    // Leather from China at 100,000 VND (USD 4) a square metre, 0.5 m² in a USD 10 bag: RVC (10 − 2) / 10 = 80%.
    await add('/balance/ecus/', { account_number: '105900000010', registered_date: `${year}-02-01`, type_code: 'E31', code: 'LEATHER-01', item_name: 'Cow leather', total: '500', unit: 'MTK', total_value: '50000000', hs: '4107.12.00', from_country: 'CN' });
    await add('/balance/ecus/', { account_number: '305900000020', registered_date: `${year}-05-01`, type_code: 'E62', code: 'BAG-01', item_name: 'Leather bag', total: '100', unit: 'PCE', hs: '42022100', unit_price: '10', currency: 'USD', exchange_rate: '25000', price_condition: 'FOB', invoice_no: 'HP-INV-0042', bill_date: `${year}-04-28` });
    await add('/balance/bom/', { code: 'BAG-01', material_code: 'LEATHER-01', material_unit: 'MTK', bom_value: '0.5' });
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${suite.server.url}/login`);
    // By the fields' types: the form reads the same in every language.
    await page.locator('input[type=email]').first().fill(account.email);
    await page.locator('input[type=password]').first().fill(account.password);
    await page.locator('button[type=submit]').last().click();
    await eventually(() => new URL(page.url()).pathname).not.toBe('/login');
  }

  /** A signed-in browser page on the schedule screen, in a browser language. */
  async function openSchedules(locale: string) {
    const opened = await newPage(suite.browser, { locale });
    await signIn(opened.page);
    await opened.page.goto(`${suite.server.url}/fta/bangke`);
    return opened;
  }

  async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
    const download = page.waitForEvent('download');
    await click();
    const file = await download;
    const saved = path.join(suite.server.dataDir, file.suggestedFilename());
    await file.saveAs(saved);
    return { name: file.suggestedFilename(), bytes: await fs.readFile(saved) };
  }

  it('picks an invoice\'s line, re-judges on a value set by hand, and downloads saved schedules in Word, Excel and merged', async () => {
    const { context, page, pageErrors } = await openSchedules('en-US');
    await page.getByTestId('pick-by-invoice').click();
    await page.getByLabel('Export invoice').click();
    await page.getByRole('option', { name: /HP-INV-0042/ }).click();
    await page.getByTestId('invoice-product').click();
    await page.getByRole('option', { name: /BAG-01/ }).click();
    // The leather changes heading (4107 to 4202), so CTH would hold whatever its price: the value test alone is asked for.
    await page.getByLabel('Criterion to test').fill('RVC40');
    await page.getByTestId('compute-schedule').click();
    const schedule = page.getByTestId('schedule');
    await eventually(() => schedule.getByText('BAG-01 qualifies as originating under ATIGA.').count()).toBe(1);
    // Figures in the invoice currency, the criterion and its formula in the reader's language, dates in its format.
    await expect(page.getByTestId('figure-sum_of_no_fta_origin_cost').textContent()).resolves.toBe('2 USD');
    await expect(page.getByTestId('criterion').first().textContent()).resolves.toContain('Regional value content (RVC) ≥ 40%');
    await expect(page.getByTestId('criterion-formula').first().textContent()).resolves.toBe('RVC = (FOB − VNM) / FOB × 100 (build-down)');
    await expect(schedule.getByText(`105900000010 (01/02/${year})`).count()).resolves.toBe(1);

    // The leather at 14 a square metre (7 a bag) brings RVC to 30%: the bag no longer qualifies, and the evidence's figures stay in view.
    await page.getByTestId('manual-edit').click();
    await page.getByLabel('Unit value of LEATHER-01').fill('14');
    await page.getByTestId('manual-apply').click();
    await eventually(() => schedule.getByText('BAG-01 does not qualify under ATIGA on these figures.').count()).toBe(1);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/schedule-manual.png`, fullPage: true });
    await expect(page.getByTestId('manual-summary').textContent()).resolves.toBe('1 row is set by you. On the evidence alone: non-originating materials 2 a unit, and the product qualifies.');
    await page.getByTestId('manual-reset').click();
    await eventually(() => schedule.getByText('BAG-01 qualifies as originating under ATIGA.').count()).toBe(1);

    await page.getByTestId('save-schedule').click();
    await page.getByTestId('agreement').click();
    await page.getByRole('option', { name: 'EVFTA', exact: false }).first().click();
    await page.getByTestId('save-schedule').click();
    const history = page.getByTestId('schedule-history');
    await eventually(() => history.locator('tr').count()).toBe(2);

    const word = await downloaded(page, () => history.getByRole('button', { name: 'Word' }).last().click());
    expect([word.name, word.bytes.subarray(0, 2).toString()]).toEqual(['bang-ke-305900000020-ATIGA.docx', 'PK']);
    const excel = await downloaded(page, () => history.getByRole('button', { name: 'Excel' }).last().click());
    expect([excel.name, excel.bytes.subarray(0, 2).toString()]).toEqual(['bang-ke-305900000020-ATIGA.xlsx', 'PK']);

    // Both selected, with English captions and the agreement's title: one Word file holds both schedules.
    await expect(page.getByTestId('merge-docx').isDisabled()).resolves.toBe(true);
    for (const box of await history.getByRole('checkbox').all()) await box.check();
    await page.getByLabel('Word form').click();
    await page.getByRole('option', { name: 'Vietnamese and English captions' }).click();
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/schedule-history.png`, fullPage: true });
    const merged = await downloaded(page, () => page.getByTestId('merge-docx').click());
    expect(merged.name).toMatch(/^bang-ke-.+\.docx$/);
    expect(merged.bytes.length).toBeGreaterThan(word.bytes.length);

    // A cover letter uploaded and selected after the schedules comes after them in the merged file.
    const cover = new PizZip();
    cover.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
    cover.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
    cover.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Cover letter of Hai Phong Bags</w:t></w:r></w:p></w:body></w:document>');
    const coverPath = path.join(suite.server.dataDir, 'cover-letter.docx');
    await fs.writeFile(coverPath, cover.generate({ type: 'nodebuffer' }));
    await page.getByTestId('upload-docx').setInputFiles(coverPath);
    const uploads = page.getByTestId('word-uploads');
    await eventually(() => uploads.getByText('cover-letter.docx').count()).toBe(1);
    await uploads.getByRole('checkbox', { name: 'Select cover-letter.docx' }).check();
    await expect(uploads.getByText('No. 3 in the file').count()).resolves.toBe(1);
    await expect(page.getByTestId('merge-xlsx').isDisabled()).resolves.toBe(true);
    const withCover = await downloaded(page, () => page.getByTestId('merge-docx').click());
    const mergedText = new PizZip(withCover.bytes).file('word/document.xml')!.asText().replace(/<[^>]+>/g, '');
    expect(mergedText.indexOf('Cover letter of Hai Phong Bags')).toBeGreaterThan(mergedText.lastIndexOf('BẢNG KÊ KHAI'));
    await uploads.getByRole('checkbox', { name: 'Select cover-letter.docx' }).uncheck();

    await history.getByRole('button', { name: 'Recalculate' }).first().click();
    await eventually(() => page.getByText('Schedule recalculated on today\'s data and saved in place of the old one.').count()).toBe(1);
    await eventually(() => history.locator('tr').count()).toBe(2);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a refused download in the reader\'s language', async () => {
    const { context, page, pageErrors } = await openSchedules('vi-VN');
    const history = page.getByTestId('schedule-history');
    await eventually(() => history.locator('tr').count()).toBe(2);
    // The schedule is deleted elsewhere before the download is asked for.
    const id = Number((await history.getByTestId(/^word-/).first().getAttribute('data-testid'))!.slice('word-'.length));
    await callApi(suite.server.url, account.token, `/fta/bangke/history/${id}/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`, { method: 'DELETE' });
    await history.getByTestId(`word-${id}`).click();
    await eventually(() => page.getByText('Không tìm thấy.').count()).toBeGreaterThan(0);
    // The refusal itself is the one failed request the browser reports.
    expect(pageErrors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  async function pickBag(page: Page) {
    await page.getByRole('combobox', { name: 'Export declaration line' }).click();
    await page.getByRole('option', { name: /BAG-01/ }).click();
  }

  it('says what goes in each cost, how it enters the verdict, and the currency it is in: the export line\'s', async () => {
    const { context, page, pageErrors } = await openSchedules('en-US');
    const currency = page.getByTestId('costs-currency');
    await expect(currency.textContent()).resolves.toBe('In the invoice currency of the export line you choose.');
    await pickBag(page);
    // The line's invoice currency is the one the server judges in: the bag's USD, not an assumed one.
    await eventually(() => currency.textContent()).toBe('In USD, the export line\'s invoice currency: the schedule converts the materials\' values to it at the line\'s exchange rate.');
    const helps: Record<string, string> = {
      'Domestic expenses': 'Added to an EXW invoice price to give FOB; EXW = FOB − these (the base of MaxNOM).',
      Freight: 'to give FOB, the base of RVC = (FOB − VNM) / FOB.',
      Insurance: 'Taken off a CIF, CIP, DAP, DPU or DDP price',
      'Overseas expenses': 'Taken off a DAP, DPU or DDP price',
      'Import expenses': 'Taken off a DDP price',
      'Other originating costs': 'the verdict is judged build-down',
      'FOB price (override)': 'The FOB to judge by instead of the invoice price',
    };
    for (const [label, help] of Object.entries(helps)) {
      const field = page.getByRole('spinbutton', { name: label });
      // The help is the field's description, as a screen reader announces it.
      const description = await field.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
      expect(description, label).toContain(help);
      await expect(field.locator('xpath=..').textContent(), label).resolves.toContain('USD');
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('names the product and the C/O form of each saved schedule', async () => {
    const lines = await callApi<{ results: Array<{ id: number }> }>(suite.server.url, account.token, `/balance/ecus/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}&code=BAG-01`);
    const costs = { domestic_expenses: 0, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0 };
    await callApi(suite.server.url, account.token, '/fta/bangke/create-bangke-history/', { method: 'POST', body: { ...scope, ...costs, id: lines.results[0]!.id, option: 'AK' } });
    const { context, page, pageErrors } = await openSchedules('en-US');
    const saved = page.getByTestId('schedule-history').locator('tr', { hasText: 'AKFTA' });
    await eventually(() => saved.count()).toBe(1);
    await expect(saved.getByTestId('history-product').textContent()).resolves.toBe('BAG-01Leather bag');
    await expect(saved.getByTestId('history-co-form').textContent()).resolves.toBe('C/O Form AK');
    await expect(saved.textContent()).resolves.toContain('305900000020');
    // The document form's default is named, not left blank under its label.
    await expect(page.getByTestId('dossier-form').textContent()).resolves.toContain('The criterion met');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the line and the agreement once a schedule is saved, to save it again with a changed cost', async () => {
    const { context, page, pageErrors } = await openSchedules('en-US');
    await pickBag(page);
    await page.getByTestId('agreement').click();
    await page.getByRole('option', { name: 'VKFTA' }).click();
    await page.getByTestId('save-schedule').click();
    const saved = page.getByTestId('schedule-history').locator('tr', { hasText: 'VKFTA' });
    await eventually(() => saved.count()).toBe(1);
    const picker = page.getByRole('combobox', { name: 'Export declaration line' });
    const chosen = `305900000020 · BAG-01 · 01/05/${year}`;
    await expect(picker.inputValue()).resolves.toBe(chosen);

    // Back on the page later (a reload, another screen and back), the line and the agreement are still chosen.
    await page.reload();
    await eventually(() => picker.inputValue()).toBe(chosen);
    await expect(page.getByTestId('agreement').textContent()).resolves.toContain('VKFTA');
    await page.getByRole('spinbutton', { name: 'FOB price (override)' }).fill('20');
    await page.getByTestId('save-schedule').click();
    await eventually(() => page.getByTestId('figure-total').textContent()).toBe('20 USD');
    // Saved again in place of the first.
    await eventually(() => saved.count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
