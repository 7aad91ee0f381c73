import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ecus } from '../common/resources/ecus.js';
import { eventually, mailedCode, newPage, typeDay, useServerAndBrowser } from './harness.js';

/** Lazy screens and the grid's first render can take longer than expect.poll's default second. */

async function api<T>(url: string, token: string | null, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Account { email: string; password: string; token: string }

/** A verified account of its own, so the suite does not depend on the demo company's data. */
async function register(url: string, dataDir: string, email: string, name: string): Promise<Account> {
  const password = 'tables-e2e-2026';
  await api(url, null, '/registration/', { method: 'POST', body: { email, password, name, locale: 'en' } });
  const confirmed = await api<{ token: { access_token: string } }>(url, null, '/registration-confirm/', {
    method: 'POST', body: { email, token: await mailedCode(dataDir, email) },
  });
  return { email, password, token: confirmed.token.access_token };
}

async function signIn(page: Page, url: string, account: Account): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail', { exact: false }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await eventually(() => new URL(page.url()).pathname.endsWith('/login')).toBe(false);
}

const tableCount = (page: Page) => page.getByTestId('table-count').textContent();
const row = (page: Page, id: number) => page.locator(`.MuiDataGrid-row[data-id="${id}"]`);

/** The grid draws only the columns in view: scroll right until the cell exists. */
async function cell(page: Page, id: number, field: string) {
  const locator = row(page, id).locator(`[data-field="${field}"]`);
  const scroller = page.locator('.MuiDataGrid-virtualScroller');
  await scroller.evaluate((element) => { element.scrollLeft = 0; });
  for (let step = 0; step < 20 && (await locator.count()) === 0; step += 1) {
    await scroller.evaluate((element) => { element.scrollLeft += 300; });
    await page.waitForTimeout(50);
  }
  return locator;
}

describe('data tables in Chromium', () => {
  const suite = useServerAndBrowser({ BASE_PATH: '/dutybook' });
  let owner: Account;
  let viewer: Account;
  let scope: { company_slug: string; folder_slug: string };

  beforeAll(async () => {
    const { url, dataDir } = suite.server;
    owner = await register(url, dataDir, 'hoa.tran@example.com', 'Trần Thị Hoa');
    viewer = await register(url, dataDir, 'minh.le@example.com', 'Lê Văn Minh');
    const company = await api<{ slug: string; folder_set: Array<{ slug: string }> }>(url, owner.token, '/clients-api/companies/', {
      method: 'POST', body: { name: 'Saigon Garment Export', tax_code: '0312345679' },
    });
    scope = { company_slug: company.slug, folder_slug: company.folder_set[0]?.slug ?? '' };
    await api(url, owner.token, `/clients-api/companies/${company.slug}/members/`, { method: 'POST', body: { email: viewer.email, role: 'viewer' } });
    await api(url, viewer.token, `/clients-api/invitations/${company.slug}/accept/`, { method: 'POST' });
  });

  it('adds a declaration line with autofill, edits a cell, filters, exports and deletes', async () => {
    const { url } = suite.server;
    // A line already recorded, so that autofill has a code to offer.
    await api(url, owner.token, '/balance/ecus/', {
      method: 'POST',
      body: {
        ...Object.fromEntries(Object.keys(ecus.fields).map((field) => [field, null])),
        ...scope, account_number: '105808761430', registered_date: '2026-03-02', type_code: 'E31', code: 'NVL-E2E-001',
        item_name: 'Vải cotton dệt thoi khổ 1.5m', total: '1200', unit: 'MTR',
      },
    });

    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, url, owner);

    // The Data group of the menu leads to the customs screen, whose first tab is the declaration lines.
    await page.getByRole('link', { name: 'Customs & trade' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/dutybook/data/exim/ecus');
    await eventually(() => page.locator('h1').textContent()).toBe('Customs & trade');
    await eventually(() => tableCount(page)).toBe('1 row');

    // Add a row: typing a code offers the recorded one; picking it fills the description and the unit.
    await page.getByTestId('add-row').click();
    await page.locator('input[data-field="account_number"]').fill('305808761431');
    await typeDay(page, page.locator('input[data-field="registered_date"]').locator('..'), '15/04/2026');
    await page.locator('input[data-field="type_code"]').fill('B11');
    await page.locator('input[data-field="code"]').fill('NVL-E2E');
    await page.getByTestId('autofill-option').filter({ hasText: 'NVL-E2E-001' }).click();
    await eventually(() => page.locator('input[data-field="code"]').inputValue()).toBe('NVL-E2E-001');
    expect(await page.locator('textarea[data-field="item_name"]').first().inputValue()).toBe('Vải cotton dệt thoi khổ 1.5m');
    expect(await page.locator('input[data-field="unit"]').inputValue()).toBe('MTR');
    await page.locator('input[data-field="total"]').fill('250,5');
    await page.getByTestId('add-row-submit').click();
    await eventually(() => page.getByText('Row added.').count()).toBe(1);
    await eventually(() => tableCount(page)).toBe('2 rows');

    const listed = await api<{ results: Array<{ id: number; account_number: string; total: string }> }>(
      url, owner.token, `/balance/ecus/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}&account_number=305808761431`,
    );
    const added = listed.results[0];
    expect(added?.total).toBe('250.5');
    const addedId = added?.id ?? 0;

    // Inline edit: a refused value stays in the cell with the reason beside it; a good one is saved.
    await (await cell(page, addedId, 'total')).dblclick();
    await page.getByTestId('edit-total').fill('abc');
    await page.keyboard.press('Enter');
    await eventually(() => page.getByRole('tooltip').filter({ hasText: 'Enter a number.' }).count()).toBe(1);
    expect(await page.getByTestId('edit-total').inputValue()).toBe('abc');
    await page.getByTestId('edit-total').fill('1.234,75');
    await page.keyboard.press('Enter');
    await eventually(() => row(page, addedId).locator('[data-field="total"]').textContent()).toBe('1,234.75');
    const saved = await api<{ results: Array<{ total: string }> }>(
      url, owner.token, `/balance/ecus/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}&account_number=305808761431`,
    );
    expect(saved.results[0]?.total).toBe('1234.75');

    // Filter: type code equals B11 leaves the new line only.
    await page.getByTestId('toggle-filters').click();
    await page.getByTestId('filter-condition').first().getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Type code' }).click();
    await page.getByTestId('filter-value').fill('B11');
    await eventually(() => tableCount(page)).toBe('1 row');
    expect(await row(page, addedId).count()).toBe(1);

    // Export the filtered view: an .xlsx answer arrives and the browser downloads it.
    const [exported, download] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/balance/ecus/export/')),
      page.waitForEvent('download'),
      page.getByTestId('table-export').click(),
    ]);
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toContain('spreadsheetml');
    expect(exported.url()).toContain('type_code=B11');
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // Delete the selected (filtered) row, then the whole table after a confirmation naming the count.
    // The edit left the grid scrolled to the quantity column; the checkboxes are at its start.
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => { scroller.scrollLeft = 0; });
    await row(page, addedId).getByRole('checkbox').check();
    await page.getByTestId('delete-selected').click();
    await eventually(() => page.getByRole('dialog').textContent()).toContain('Delete 1 row of Customs declarations?');
    await page.getByTestId('confirm').click();
    await eventually(() => page.getByText('1 row deleted.').count()).toBe(1);
    await eventually(() => page.getByText('No rows match').count()).toBe(1);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await eventually(() => tableCount(page)).toBe('1 row');
    await page.getByTestId('delete-all').click();
    await eventually(() => page.getByRole('dialog').textContent()).toContain('Delete all 1 row of Customs declarations?');
    await page.getByTestId('confirm').click();
    await eventually(() => page.getByText('No rows yet').count()).toBe(1);

    expect(pageErrors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it('keeps the chosen columns per user across a reload, and shows locked tables and viewers no editing', async () => {
    const { url } = suite.server;
    await api(url, owner.token, '/balance/ecus/', {
      method: 'POST',
      body: {
        ...Object.fromEntries(Object.keys(ecus.fields).map((field) => [field, null])),
        ...scope, account_number: '105808761999', registered_date: '2026-05-04', type_code: 'E21', code: 'VAI-01', total: '12.5', hs: '52081200',
      },
    });
    const { context, page } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page, url, owner);
    await page.goto(`${url}/data/exim`);
    await eventually(() => new URL(page.url()).pathname).toBe('/dutybook/data/exim/ecus');
    await eventually(() => page.locator('.MuiDataGrid-columnHeader[data-field="hs"]').count()).toBe(1);

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'HS code' }).uncheck();
    await page.keyboard.press('Escape');
    await eventually(() => page.locator('.MuiDataGrid-columnHeader[data-field="hs"]').count()).toBe(0);
    await page.reload();
    await eventually(() => page.locator('.MuiDataGrid-columnHeader[data-field="account_number"]').count()).toBe(1);
    expect(await page.locator('.MuiDataGrid-columnHeader[data-field="hs"]').count()).toBe(0);

    // AMA amendments follow their import: listed, never edited one by one.
    await page.getByTestId('tab-ecus-ama').click();
    await eventually(() => new URL(page.url()).pathname).toBe('/dutybook/data/exim/ecus-ama');
    await eventually(() => page.getByText('Imported records: changed only by their import').count()).toBe(1);
    expect(await page.getByTestId('add-row').count()).toBe(0);
    expect(await page.getByTestId('delete-all').count()).toBe(0);
    await context.close();

    // A viewer reads the same rows (with the default columns: the choice above was the owner's) and changes nothing.
    const second = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(second.page, url, viewer);
    await second.page.goto(`${url}/data/exim/ecus`);
    await eventually(() => second.page.getByTestId('table-count').textContent()).toBe('1 row');
    expect(await second.page.locator('.MuiDataGrid-columnHeader[data-field="hs"]').count()).toBe(1);
    expect(await second.page.getByText('Read only: viewer role').count()).toBe(1);
    expect(await second.page.getByTestId('add-row').count()).toBe(0);
    expect(await second.page.getByTestId('delete-all').count()).toBe(0);
    expect(await second.page.locator('.MuiDataGrid-columnHeaderCheckbox').count()).toBe(0);
    const firstId = Number(await second.page.locator('.MuiDataGrid-row').first().getAttribute('data-id'));
    await (await cell(second.page, firstId, 'total')).dblclick();
    expect(await second.page.getByTestId('edit-total').count()).toBe(0);
    await second.context.close();
  });
});
