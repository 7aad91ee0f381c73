import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, mailedCode, newPage, useServerAndBrowser } from './harness.js';


const pathname = (page: Page) => new URL(page.url()).pathname;
/** Password hashing and lazy screens can take longer than expect.poll's default second. */

describe('accounts in Chromium', () => {
  const suite = useServerAndBrowser({ BASE_PATH: '/dutybook' });

  it('registers with the mailed code, creates a company, logs out and logs back in', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    const email = 'lan.nguyen@example.com';
    const password = 'Customs-Ledger-2026';

    await page.goto(`${suite.server.url}/register`);
    await page.getByLabel('Full name', { exact: false }).fill('Nguyễn Thị Lan');
    await page.getByLabel('E-mail', { exact: false }).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Repeat the password', { exact: false }).fill(password);
    await page.getByRole('button', { name: 'Register' }).click();

    await eventually(() => pathname(page)).toBe('/dutybook/verify');
    await eventually(() => page.getByText("We've send you code on la****@example.com").count()).toBe(1);
    const resend = page.getByRole('button', { name: /Resend Code \(\d+\)/ });
    expect(await resend.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => page.getByText('Please enter OTP').count()).toBe(1);

    await page.getByTestId('otp-input').fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => page.getByText('The code is wrong or has expired.').count()).toBe(1);

    await page.getByTestId('otp-input').fill(await mailedCode(suite.server.dataDir, email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => pathname(page)).toBe('/dutybook/company');
    await eventually(() => page.locator('h1').textContent()).toBe('Create your company');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await page.getByLabel('Company name', { exact: false }).fill('Saigon Precision Parts');
    await page.getByLabel('Tax code', { exact: false }).fill('0312345678');
    await page.getByRole('button', { name: 'Create' }).click();
    await eventually(() => page.locator('h1').textContent()).toBe('Saigon Precision Parts');
    await eventually(() => page.getByTestId('company-switcher').inputValue()).not.toBe('');
    await eventually(() => page.evaluate(() => localStorage.getItem('folder_slug'))).toBeTruthy();
    const companySlug = await page.evaluate(() => localStorage.getItem('company_slug'));
    expect(companySlug).toBeTruthy();

    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await eventually(() => pathname(page)).toBe('/dutybook/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('company_slug'), localStorage.getItem('folder_slug')])).toEqual([null, null, null]);

    await page.getByLabel('E-mail', { exact: false }).fill(email);
    await page.getByLabel(/^Password/).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await eventually(() => page.getByText('Unable to log in with provided credentials.').count()).toBe(1);

    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    // Signed out from the company page, the user comes back to it.
    await eventually(() => pathname(page)).toBe('/dutybook/company');
    await eventually(() => page.locator('h1').textContent()).toBe('Saigon Precision Parts');

    // A signed-in user is sent from the sign-in screens and the visitors' home to the main area.
    await page.goto(`${suite.server.url}/login`);
    await eventually(() => pathname(page)).toMatch(/^\/dutybook\/?$/);
    expect(pageErrors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password with the mailed code', async () => {
    const { context, page } = await newPage(suite.browser, { locale: 'en-US' });
    const email = 'demo@dutybook.vn';
    await page.goto(`${suite.server.url}/forgot`);
    await page.getByLabel('E-mail', { exact: false }).fill(email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await eventually(() => pathname(page)).toBe('/dutybook/check-mail');
    await eventually(() => page.getByText('de****@dutybook.vn', { exact: false }).count()).toBe(1);
    await page.getByRole('link', { name: 'Enter the code' }).click();
    await eventually(() => pathname(page)).toBe('/dutybook/forgot/verify');
    await page.getByTestId('otp-input').fill(await mailedCode(suite.server.dataDir, email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => page.getByText('Successfully verified, redirecting to reset password...').count()).toBe(1);
    await eventually(() => pathname(page)).toBe('/dutybook/reset-password');
    await page.getByLabel('New password', { exact: false }).fill('new-demo-pass-7');
    await page.getByLabel('Repeat the password', { exact: false }).fill('new-demo-pass-7');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await eventually(() => pathname(page)).toBe('/dutybook/login');

    await page.getByLabel('E-mail', { exact: false }).fill(email);
    await page.getByLabel(/^Password/).fill('new-demo-pass-7');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    // The demonstration account has a company: it lands on its dashboard.
    await eventually(() => pathname(page)).toMatch(/^\/dutybook\/?$/);
    await eventually(() => page.getByRole('link', { name: 'Import declarations' }).count()).toBe(1);
    await context.close();
  });

  it('ends the session after the inactivity timeout', async () => {
    const { context, page } = await newPage(suite.browser, { locale: 'en-US' });
    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel('E-mail', { exact: false }).fill('lan.nguyen@example.com');
    await page.getByLabel(/^Password/).fill('Customs-Ledger-2026');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await eventually(() => pathname(page)).toMatch(/^\/dutybook\/?$/);
    await page.goto(`${suite.server.url}/user`);
    await eventually(() => pathname(page)).toBe('/dutybook/user');
    // The last activity 31 minutes ago: the check on window focus ends the session and reloads.
    await page.evaluate(() => {
      localStorage.setItem('session_start_time', String(Date.now() - 31 * 60_000));
      window.dispatchEvent(new Event('focus'));
    });
    await eventually(() => pathname(page)).toBe('/dutybook/login');
    // The sign-out reloads the page; the storage is read once it has.
    await eventually(() => page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('session_start_time')])).toEqual([null, null]);
    await context.close();
  });
});
