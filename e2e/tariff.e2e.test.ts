import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, newPage, useServerAndBrowser } from './harness.js';

/** The public lookup on the tariff a fresh install ships with (not the demonstration lines of the other suites). */
describe('the shipped Vietnamese tariff in Chromium', () => {
  const suite = useServerAndBrowser({ DEMO_TARIFF: 'false' });

  const open = async (path: string, locale = 'en-US'): Promise<{ page: Page; pageErrors: string[]; close: () => Promise<void> }> => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale });
    await page.goto(`${suite.server.url}${path}`);
    return { page, pageErrors, close: () => context.close() };
  };

  it('finds a Vietnamese term from the English interface, shows the Vietnamese text and says so', async () => {
    const { page, pageErrors, close } = await open('/');
    await page.getByTestId('search-input').fill('nồi nấu cơm');
    await page.getByTestId('search-submit').click();
    const first = page.getByTestId('search-result').first();
    await eventually(() => first.locator('h2').textContent()).toBe('8516.60.10');
    expect(await first.locator('mark').allTextContents()).toEqual(['Nồi nấu cơm']);
    expect(await first.textContent()).toContain('Found in Vietnamese');
    await page.getByTestId('search-input').fill('rice cookers');
    await page.getByTestId('search-submit').click();
    await eventually(() => first.locator('mark').first().textContent()).toBe('Rice cookers');
    expect(await first.textContent()).not.toContain('Found in');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('lists the lines free of duty under EVFTA in a chapter, and refuses a wrong chapter keeping what was typed', async () => {
    const { page, pageErrors, close } = await open('/search?q=');
    const filters = page.getByTestId('search-filters');
    await filters.getByTestId('filter-chapter').fill('8x');
    await filters.getByTestId('filter-apply').click();
    await eventually(() => filters.getByText('A chapter is one or two digits, e.g. 85.').count()).toBe(1);
    expect(await filters.getByTestId('filter-chapter').inputValue()).toBe('8x');
    await filters.getByTestId('filter-chapter').fill('85');
    await filters.getByTestId('filter-schedule').locator('..').click();
    await page.getByRole('option', { name: 'EVFTA', exact: false }).first().click();
    await filters.getByTestId('filter-rate-max').fill('0');
    await filters.getByTestId('filter-apply').click();
    await eventually(() => new URL(page.url()).searchParams.toString()).toBe('q=&chapter=85&schedule=EV&rateMax=0');
    const codes = () => page.getByTestId('search-result').locator('h2').allTextContents();
    await eventually(async () => (await codes()).every((code) => code.startsWith('85'))).toBe(true);
    expect(await codes()).toHaveLength(8);
    expect(await page.getByTestId('result-count').textContent()).toMatch(/^[\d,]+ results/);
    await page.getByTestId('search-result').first().click();
    await eventually(() => page.getByTestId('duty-rates').textContent()).toContain('EVFTA');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows a code\'s specialised procedures with their legal references, under its section and chapter', async () => {
    const { page, close } = await open('/0101.21.00');
    await eventually(() => page.getByTestId('code-title').textContent()).toBe('0101.21.00');
    await eventually(() => page.getByTestId('procedures').textContent()).toContain('01/2024/TT-BNNPTNT M1');
    expect(await page.getByRole('navigation', { name: 'Where this code sits' }).textContent()).toMatch(/Section I\/01\/01\.01\/Horses\/0101\.21\.00/);
    await page.goto(`${suite.server.url}/`);
    await eventually(() => page.locator('[data-testid="tree-section"]').count()).toBe(21);
    expect(await page.locator('[data-testid="tree-chapter"][data-code="98"]').count()).toBe(1);
    await close();
  });
});

/** Two tariff years side by side: 2022 imported with the command line before the first start, 2025 the demonstration set. */
describe('comparing tariff years in Chromium', () => {
  const suite = useServerAndBrowser({}, async (dataDir) => {
    const file = path.join(dataDir, 'tariff-2022.csv');
    await fs.writeFile(file, [
      'code,description,en_description',
      '01,Động vật sống,Live animals',
      '0101,"Ngựa, lừa, la, la lai sống.","Live horses, asses, mules and hinnies."',
      '010121,- - Loại thuần chủng để nhân giống (ngựa),- - Horses: pure-bred breeding animals',
      '01012100,- - Loại thuần chủng để nhân giống,- - Pure-bred breeding animals',
      '010130,- Lừa,- Asses',
      '01013000,- Lừa,- Asses',
    ].join('\n'));
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/import-tariff.ts', '--year', '2022', file], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
  });

  it('opens the comparison from a code page and shows a removed line with the lines it was split into', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await page.goto(`${suite.server.url}/0101`);
    await page.getByTestId('compare-years').click();
    await eventually(() => new URL(page.url()).pathname).toBe('/compare/0101');
    await eventually(() => page.getByTestId('compare-count').textContent()).toMatch(/^\d+ changes from 2022 to 2025\.$/);
    const split = page.locator('[data-testid="compare-change"][data-code="01013000"]');
    expect(await split.textContent()).toContain('Removed');
    expect(await split.textContent()).toContain('Replaced by 0101.30.10 and 0101.30.90');
    expect(await page.locator('[data-testid="compare-change"][data-code="0101"]').textContent()).toContain('Changed');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
