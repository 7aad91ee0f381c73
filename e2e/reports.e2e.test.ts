import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, mailedCode, newPage, signIn as signInThroughForm, useServerAndBrowser } from './harness.js';

async function api<T>(url: string, token: string | null, apiPath: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${url}/api${apiPath}`, {
    method: init.method ?? 'GET',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('finalization reports in Chromium', () => {
  const suite = useServerAndBrowser();
  const account = { email: 'lan.pham@example.com', password: 'reports-e2e-2026', token: '', scope: { company_slug: '', folder_slug: '' } };
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    const { url, dataDir } = suite.server;
    await api(url, null, '/registration/', { method: 'POST', body: { email: account.email, password: account.password, name: 'Phạm Lan', locale: 'en' } });
    const confirmed = await api<{ token: { access_token: string } }>(url, null, '/registration-confirm/', {
      method: 'POST', body: { email: account.email, token: await mailedCode(dataDir, account.email) },
    });
    account.token = confirmed.token.access_token;
    const company = await api<{ slug: string; folder_set: Array<{ slug: string }> }>(url, account.token, '/clients-api/companies/', { method: 'POST', body: { name: 'Binh Duong Knitwear' } });
    const scope = { company_slug: company.slug, folder_slug: company.folder_set[0]?.slug ?? '' };
    Object.assign(account, { scope });
    const add = (table: string, body: object) => api(url, account.token, table, { method: 'POST', body: { ...scope, ...body } });
    await add('/balance/begin/', { item_type: 'material', code: 'YARN-01', name: 'Cotton yarn', unit: 'KG', begin_value: '40' });
    await add('/balance/ecus/', { account_number: '105800000010', registered_date: `${year}-02-01`, type_code: 'E31', code: 'YARN-01', item_name: 'Cotton yarn', total: '500', unit: 'KG', total_value: '50000000', tax_rate: '5', hs: '5205.12.00', from_country: 'CN' });
    await add('/balance/ecus/', { account_number: '305800000020', registered_date: `${year}-05-01`, type_code: 'E62', code: 'TEE-01', item_name: 'T-shirt', total: '1000', unit: 'PCE', hs: '61091010', unit_price: '4', exchange_rate: '25000', price_condition: 'FOB' });
    await add('/balance/bom/', { code: 'TEE-01', material_code: 'YARN-01', material_unit: 'KG', bom_value: '0.4' });
    await add('/new-balance/wh-take-out/', { item_type: 'material', code: 'YARN-01', name: 'Cotton yarn', unit: 'KG', takeout_date: `${year}-03-01`, quantity: '600', purpose: 'production' });
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel('E-mail', { exact: false }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await eventually(() => new URL(page.url()).pathname).not.toBe('/login');
  }

  it('shows Statement 15 with a negative closing flagged, opens a cell onto its lines, exports the official layout and reconciles', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page);
    // The signed-in home is the overview of the current period.
    await page.goto(`${suite.server.url}/`);
    await eventually(() => page.getByTestId('overview-tables').getByText('Customs declarations').count()).toBeGreaterThan(0);
    // The charts draw on a canvas, and their table view lists the same figures as the SQL behind them.
    const byMonth = page.getByTestId('chart-by-month');
    await eventually(() => byMonth.locator('canvas').count()).toBeGreaterThan(0);
    await byMonth.getByRole('button', { name: 'Table' }).click();
    await eventually(() => byMonth.getByText('50,000,000').count()).toBe(1);
    // The check statement's chart counts materials and sums duty: its title claims no single unit.
    await eventually(() => page.getByTestId('chart-statement-check').locator('h3').textContent()).toBe('Check statement by status: materials and duty at stake');
    // The period line writes its days as the tables do.
    await expect(page.getByText(`01/01/${year} – 31/12/${year}`).count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Finalization reports' }).first().click();
    await eventually(() => new URL(page.url()).pathname).toBe('/reports/statement-15');

    const yarn = page.getByTestId('row-YARN-01');
    await eventually(() => yarn.count()).toBe(1);
    // 40 opening + 500 imported − 600 issued to production = −60: flagged, not hidden.
    await expect(yarn.locator('td').nth(9).textContent()).resolves.toBe('-60');
    await expect(yarn.getByText('Negative closing').count()).resolves.toBe(1);
    await expect(page.getByText(`period 01/01/${year} – 31/12/${year}`, { exact: false }).count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Source lines of YARN-01, Received' }).click();
    await eventually(() => page.getByTestId('cell-sources').getByText('105800000010').count()).toBe(1);
    await page.getByRole('button', { name: 'Close' }).click();

    const download = page.waitForEvent('download');
    await page.getByTestId('statement-export').click();
    const file = await download;
    const saved = path.join(suite.server.dataDir, 'statement-15.xlsx');
    await file.saveAs(saved);
    expect((await fs.stat(saved)).size).toBeGreaterThan(4000);

    await page.getByTestId('tab-check-statement').click();
    const check = page.getByTestId('check-YARN-01');
    await eventually(() => check.count()).toBe(1);
    // 1,000 T-shirts × 0.4 kg = 400 kg in theory against 600 kg issued: open, 200 kg × 100,000 VND × 5% at stake.
    await expect(check.locator('[data-column="theoretical_consumption"]').textContent()).resolves.toBe('400');
    await expect(check.getByText('Open').count()).resolves.toBe(1);
    await expect(page.getByText(/duty at stake/).textContent()).resolves.toContain('1,000,000');

    // The review opens from the keyboard too.
    await check.getByRole('button', { name: 'Review YARN-01' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Explanation').fill('Knitting waste above norm, destroyed under supervision');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Explained' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => check.getByText('Explained').count()).toBe(1);

    // Form 16: one exported product, so its actual norm is the 600 kg issued over 1,000 T-shirts.
    await page.getByTestId('tab-form-16').click();
    const norms = page.getByTestId('report-form-16');
    await eventually(() => norms.getByText('TEE-01').count()).toBe(1);
    await expect(norms.locator('tbody tr').first().locator('td').nth(6).textContent()).resolves.toBe('0.6');

    // The demonstration tariff has no chapter 52: the yarn's code is not in it.
    await page.getByTestId('tab-tariff-check').click();
    await eventually(() => page.getByTestId('tariff-check-summary').textContent()).toBe('1 import line checked against the tariff of 2025; 1 disagrees.');
    const tariffLine = page.getByTestId('report-tariff-check').locator('tbody tr').first();
    await expect(tariffLine.textContent()).resolves.toContain('Code not in the tariff');
    // The origin and the C/O form are apart: the yarn comes from China without a C/O.
    await expect(tariffLine.locator('[data-column="from_country"]').textContent()).resolves.toBe('CN');
    await expect(tariffLine.locator('[data-column="co_form"]').textContent()).resolves.toBe('—');

    await page.getByTestId('tab-bom-review').click();
    await eventually(() => page.getByTestId('bom-review').getByText('Cycles (0)').count()).toBe(1);
    await expect(page.getByTestId('bom-fix').isDisabled()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('fits the check statement and the tariff check on a 1366 px laptop screen', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'vi-VN' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInThroughForm(page, suite.server.url, account);
    const onScreen = async (cell: ReturnType<Page['locator']>) => {
      const box = await cell.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 1366;
    };
    await page.goto(`${suite.server.url}/reports/check-statement`);
    const check = page.getByTestId('check-YARN-01');
    await eventually(() => check.count()).toBe(1);
    await eventually(() => onScreen(check.locator('[data-column="status"]'))).toBe(true);
    await expect(onScreen(check.locator('[data-column="difference"]'))).resolves.toBe(true);
    await expect(onScreen(check.getByTestId('check-explanation'))).resolves.toBe(true);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/check-1366.png` });
    await page.goto(`${suite.server.url}/reports/tariff-check`);
    const line = page.getByTestId('report-tariff-check').locator('tbody tr').first();
    await eventually(() => line.count()).toBe(1);
    await expect(onScreen(line.locator('[data-column="duty_at_risk"]'))).resolves.toBe(true);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/tariff-1366.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the last page of the tariff check when its lines shrank below the page asked for', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page);
    // The answers claim 250 listed lines until page 3 is asked for, by which time the data has shrunk to the one line the
    // period has, as cancellations or a rolled-back import leave it while a screen is open.
    const asked: number[] = [];
    await page.route('**/api/new-balance/report-tariff-check/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { count: number; results: unknown[] };
      const pageAsked = Number(new URL(route.request().url()).searchParams.get('page') ?? '1');
      asked.push(pageAsked);
      if (pageAsked >= 3) body.results = [];
      else body.count = 250;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${suite.server.url}/reports/tariff-check`);
    const pages = page.getByTestId('tariff-check-pages');
    await eventually(() => pages.isVisible()).toBe(true);
    await pages.getByRole('button', { name: /next page/i }).click();
    await eventually(() => asked.at(-1)).toBe(2);
    await pages.getByRole('button', { name: /next page/i }).click();
    await eventually(() => asked.at(-1)).toBe(3);
    const line = page.getByTestId('report-tariff-check').locator('tbody tr');
    await eventually(() => line.count()).toBe(1);
    await expect(line.first().textContent()).resolves.toContain('YARN-01');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the company and period switcher in the horizontal layout', async () => {
    const { company_slug: companySlug, folder_slug: folderSlug } = account.scope;
    await api(suite.server.url, account.token, `/clients-api/companies/${companySlug}/folder-sets/${folderSlug}/`, { method: 'PATCH', body: { name: `Quyết toán năm ${year}` } });
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page);
    await page.getByTestId('open-customization').click();
    await page.getByRole('button', { name: 'Horizontal' }).click();
    await page.keyboard.press('Escape');
    await eventually(() => page.getByTestId('company-switcher').isVisible()).toBe(true);
    await expect(page.getByLabel('Folder set').first().isVisible()).resolves.toBe(true);
    // The period's name is shown whole, its year included.
    const folderSet = page.getByRole('combobox', { name: 'Folder set' }).first();
    await eventually(() => folderSet.textContent()).toContain(String(year));
    await expect(folderSet.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('computes the origin schedule of an export line and judges its rule', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(page);
    await page.goto(`${suite.server.url}/fta/bangke`);
    await page.getByLabel('Export declaration line').click();
    await page.getByRole('option', { name: /TEE-01/ }).click();
    await page.getByTestId('compute-schedule').click();
    const schedule = page.getByTestId('schedule');
    // 0.4 kg of yarn at 100,000 VND (USD 4) a kg in a USD 4.00 T-shirt: RVC = (4 − 1.6) / 4 = 60% under ATIGA's RVC40.
    await eventually(() => schedule.getByText('TEE-01 qualifies as originating under ATIGA.').count()).toBe(1);
    await expect(page.getByTestId('figure-sum_of_no_fta_origin_cost').textContent()).resolves.toBe('1.6');
    await expect(schedule.getByTestId('criterion').first().textContent()).resolves.toContain('60 %');
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/schedule.png`, fullPage: true });

    await page.getByRole('switch', { name: 'YARN-01 originating' }).check();
    await eventually(() => page.getByTestId('figure-sum_of_has_fta_origin_cost').textContent()).toBe('1.6');

    await page.getByTestId('save-schedule').click();
    await eventually(() => page.getByTestId('schedule-history').locator('tr').count()).toBe(1);
    await expect(page.getByTestId('schedule-history').textContent()).resolves.toContain('305800000020');

    await page.getByLabel('Freight').fill('');
    await page.getByTestId('compute-schedule').click();
    await eventually(() => page.getByText('This input is required').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
