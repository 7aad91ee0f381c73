import { describe, expect, it } from 'vitest';
import { newPage, useServerAndBrowser } from './harness.js';

describe('app shell in Chromium', () => {
  const suite = useServerAndBrowser({ BASE_PATH: '/dutybook' });

  it('opens the home page in the browser language and switches language, persisted across reload', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'ko-KR' });
    await page.goto(`${suite.server.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toContain('통관');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => page.locator('h1').textContent()).toContain('Customs compliance');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

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
    expect(await page.getByText('The page you are looking was moved, removed, renamed, or might never exist!').count()).toBe(1);
    await page.getByRole('link', { name: 'Home' }).last().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dutybook\/?$/);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Customs compliance');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
