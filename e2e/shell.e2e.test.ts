import { describe, expect, it } from 'vitest';
import { newPage, useServerAndBrowser } from './harness.js';

describe('app shell in Chromium', () => {
  const suite = useServerAndBrowser({ BASE_PATH: '/dutybook' });

  it('opens the home page in the browser language and switches language, persisted across reload', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'ko-KR' });
    await page.goto(`${suite.server.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toContain('통관');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    // Korean text breaks between words, not inside them.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).wordBreak)).toBe('keep-all');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => page.locator('h1').textContent()).toContain('Customs compliance');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.evaluate(() => getComputedStyle(document.body).wordBreak)).toBe('normal');

    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toContain('Customs compliance');
    await expect.poll(() => page.getByTestId('language-switcher').textContent()).toContain('EN');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('defaults to Vietnamese for other browser languages', async () => {
    const { context, page } = await newPage(suite.browser, { locale: 'fr-FR' });
    await page.goto(`${suite.server.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Tuân thủ hải quan');
    await context.close();
  });

  it('switches the screen mode from the customisation panel, persisted across reload', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/`);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    const light = await background();
    await page.getByTestId('open-customization').click();
    // The panel's title is on top, not under the app bar.
    const title = page.getByTestId('customize-title');
    await expect.poll(() => title.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.left + 10, box.top + box.height / 2));
    })).toBe(true);
    // Each font is previewed in its own face, loaded for the preview, never in a serif fallback.
    const loadedFonts = () => page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/["']/g, '')));
    await expect.poll(loadedFonts, { timeout: 10_000 }).toEqual(expect.arrayContaining(['Roboto', 'Poppins']));
    for (const font of ['Roboto', 'Poppins']) {
      expect(await page.getByTestId(`font-${font}`).evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/sans-serif$/);
    }
    await page.getByTestId('mode-dark').click();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    expect(await background()).toBe(dark);
    expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe('dark');
    await context.close();
  });

  it('shows the not-found page for an unknown path and goes home from it', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await page.goto(`${suite.server.url}/no/such/page`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Something is wrong');
    expect(await page.getByText('The page you are looking for was moved, removed or renamed, or never existed.').count()).toBe(1);
    await page.getByRole('link', { name: 'Home' }).last().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dutybook\/?$/);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Customs compliance');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
