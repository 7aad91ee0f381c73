import { describe, expect, it } from 'vitest';
import { eventually, newPage, signInAsDemo, useServerAndBrowser } from './harness.js';

/**
 * The signed-in first page (the overview) on a cold cache: the JavaScript it runs before its numbers show, and its
 * numbers shown while the chart library is still on its way, in place where the charts will not move them.
 */
describe('the signed-in first page', () => {
  const suite = useServerAndBrowser();

  /**
   * Decoded JavaScript the overview may need before its numbers show. The goal is 500 kB (issue #47); React DOM
   * (207 kB) and MUI with emotion (about 250 kB) leave it out of reach for now (docs/lookup.md, "First load"), so this
   * holds the figure reached (718 kB, with the catalogs parsed at build time) from growing back towards the 947 kB it was.
   */
  const budget = 745_000;

  it('shows its numbers before the chart library arrives, with the JavaScript they need under budget', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAsDemo(page, suite.server.url);
    await page.close();

    // The charts' chunks are held until the numbers have been checked: the overview must not wait for them.
    let releaseCharts: () => void = () => undefined;
    const chartsHeld = new Promise<void>((resolve) => { releaseCharts = resolve; });
    const chartRequests: string[] = [];
    await context.route(/\/(DashboardCharts|ComplianceCharts)-[^/]*\.js$/, async (route) => {
      chartRequests.push(route.request().url());
      await chartsHeld;
      await route.continue();
    });
    const overview = await context.newPage();
    overview.on('pageerror', (error) => pageErrors.push(error.message));
    // A cold cache, as a first visit of the day: the sign-in page's scripts are not reused.
    const cdp = await context.newCDPSession(overview);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await overview.goto(`${suite.server.url}/`);

    const tables = overview.getByTestId('overview-tables');
    await eventually(() => tables.isVisible()).toBe(true);
    const scripts = await overview.evaluate(() => performance.getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ name: entry.name.split('/').pop() ?? '', bytes: entry.decodedBodySize })));
    const decoded = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const listing = scripts.map((script) => `${script.name} ${script.bytes}`).join('\n');
    expect(scripts.filter((script) => /^(DashboardCharts|ComplianceCharts)-/.test(script.name)), listing).toEqual([]);
    expect(scripts.every((script) => script.bytes > 0), `a script came from the cache:\n${listing}`).toBe(true);
    expect(decoded, listing).toBeLessThan(budget);

    // The dashboard's figures have come and its charts are asked for: their places are kept while the library loads.
    await eventually(() => chartRequests.length).toBeGreaterThan(0);
    await eventually(() => overview.getByTestId('chart-placeholders').first().isVisible()).toBe(true);
    const numbersAt = await tables.boundingBox();
    releaseCharts();
    await eventually(() => overview.locator('canvas').count()).toBeGreaterThan(0);
    await eventually(() => overview.getByTestId('chart-placeholders').count()).toBe(0);
    expect(await tables.boundingBox(), 'the numbers stay where they were when the charts arrive').toEqual(numbersAt);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('names the menu\'s entries and a data screen\'s texts once the screen opens from the first page', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await signInAsDemo(page, suite.server.url);
    await eventually(() => page.getByTestId('overview-tables').isVisible()).toBe(true);
    // The menu is drawn before the signed-in screens' texts load: its labels come with the home's.
    await eventually(() => page.getByRole('link', { name: 'Origin schedule' }).count()).toBeGreaterThan(0);
    await page.getByTestId('overview-tables').getByRole('link', { name: 'Customs declarations' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/data/exim/ecus');
    await eventually(() => page.getByRole('button', { name: 'Import', exact: true }).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
