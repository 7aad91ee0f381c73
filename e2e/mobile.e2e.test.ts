import { describe, expect, it } from 'vitest';
import { eventually, newPage, useServerAndBrowser } from './harness.js';

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
});
