import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, newPage, signInAsDemo, useServerAndBrowser } from './harness.js';

/**
 * What a new visitor meets first, in each language at a laptop's and a phone's width: no floating control covers
 * another control, and no page is wider than the screen.
 */
describe('a first visit', () => {
  const suite = useServerAndBrowser();

  /**
   * Every control drawn in a fixed layer (the header, the side menu, a floating button) against every other visible
   * control of the page: their boxes must not meet, and the other control must be the one hit at its centre.
   * Answers the overlaps found and how many fixed controls were checked.
   */
  const coveredControls = (page: Page) => page.evaluate(() => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=switch], [tabindex]:not([tabindex="-1"])';
    const fixedLayer = (element: Element): Element | null => {
      for (let node: Element | null = element; node; node = node.parentElement) if (getComputedStyle(node).position === 'fixed') return node;
      return null;
    };
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth
        && style.visibility !== 'hidden' && element.closest('[aria-hidden=true]') === null;
    };
    const controls = [...document.querySelectorAll(selector)].filter(shown);
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const problems: string[] = [];
    let fixedControls = 0;
    for (const floating of controls) {
      const layer = fixedLayer(floating);
      if (!layer) continue;
      fixedControls += 1;
      const a = floating.getBoundingClientRect();
      for (const other of controls) {
        if (layer.contains(other) || other.contains(floating)) continue;
        const b = other.getBoundingClientRect();
        const meets = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        if (!meets) continue;
        const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        problems.push(`${name(floating)} covers ${name(other)}${hit && other.contains(hit) ? '' : ' (hidden at its centre)'}`);
      }
    }
    return { problems, fixedControls };
  });

  const overflow = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - innerWidth);

  it('keeps the header and every floating control clear of the page\'s controls, and the search button searches', async () => {
    for (const width of [1366, 390]) {
      for (const language of ['vi', 'en', 'ko']) {
        const { context, page, pageErrors } = await newPage(suite.browser);
        await page.setViewportSize({ width, height: width > 600 ? 768 : 844 });
        await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
        await page.goto(`${suite.server.url}/`);
        await eventually(() => page.getByTestId('search-submit').isVisible()).toBe(true);
        // The question form stays one click away at every width.
        await eventually(() => page.getByTestId(width > 600 ? 'contact-open' : 'contact-open-compact').isVisible()).toBe(true);
        const { problems, fixedControls } = await coveredControls(page);
        expect(problems, `${language} ${width}`).toEqual([]);
        expect(fixedControls, `${language} ${width}: the header's controls are checked`).toBeGreaterThan(2);
        // The home page with its tree open down to a heading.
        await page.getByTestId('tree-section').first().click();
        await page.waitForLoadState('networkidle');
        expect(await overflow(page), `home at ${width}`).toBeLessThanOrEqual(0);
        if (language === 'vi') {
          await page.getByTestId('search-input').fill('cà phê');
          await page.getByTestId('search-submit').click();
          await eventually(() => new URL(page.url()).pathname).toBe('/search');
          expect(await page.getByTestId('contact-form').count()).toBe(0);
          await eventually(() => page.getByText('09.01').first().isVisible()).toBe(true);
          expect(await overflow(page), `search results at ${width}`).toBeLessThanOrEqual(0);
          await page.goto(`${suite.server.url}/09011110`);
          await eventually(() => page.getByTestId('origin-rules').isVisible()).toBe(true);
          expect(await overflow(page), `a code page at ${width}`).toBeLessThanOrEqual(0);
        }
        expect(pageErrors).toEqual([]);
        await context.close();
      }
    }
  });

  it('shows a signed-in user\'s numbers before the chart library arrives, with the JavaScript they need under budget', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAsDemo(page, suite.server.url);
    // The charts' chunk is held back until the numbers are on screen: the overview must not wait for it.
    let releaseCharts: () => void = () => undefined;
    const chartsHeld = new Promise<void>((resolve) => { releaseCharts = resolve; });
    await context.route(/DashboardCharts-[^/]*\.js$/, async (route) => { await chartsHeld; await route.continue(); });
    const firstPage = await context.newPage();
    await firstPage.goto(`${suite.server.url}/`);
    await eventually(() => firstPage.getByTestId('overview-tables').isVisible()).toBe(true);
    const scripts = await firstPage.evaluate(() => performance.getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name.split('/').pop() ?? '', bytes: entry.decodedBodySize })));
    const decoded = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(scripts.some((script) => script.name.startsWith('DashboardCharts'))).toBe(false);
    // 1,567 kB before the overview loaded its own page and the lookup and schema library stayed out of it.
    expect(decoded, scripts.map((script) => `${script.name} ${script.bytes}`).join('\n')).toBeLessThan(950_000);
    releaseCharts();
    await eventually(() => firstPage.locator('canvas').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the import wizard on a phone within the screen, naming the current step under its numbers', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await signInAsDemo(page, suite.server.url);
    await page.goto(`${suite.server.url}/data/exim/ecus`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await eventually(() => page.getByTestId('wizard-step-name').textContent()).toBe('Step 1 of 4: Upload');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // Each step's number is in the screen, none of their names squeezed beside it.
    for (const box of await page.locator('.MuiStepLabel-iconContainer').evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(390);
    expect(await page.locator('.MuiStepLabel-labelContainer').first().isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
