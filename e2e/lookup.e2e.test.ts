import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, useServerAndBrowser } from './harness.js';

describe('public tariff lookup in Chromium', () => {
  const suite = useServerAndBrowser();

  const open = async (path: string, locale = 'en-US'): Promise<{ page: Page; pageErrors: string[]; close: () => Promise<void> }> => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale });
    await page.goto(`${suite.server.url}${path}`);
    return { page, pageErrors, close: () => context.close() };
  };

  it('searches from the banner without accents, pages through results and opens a code', async () => {
    const { page, pageErrors, close } = await open('/', 'vi-VN');
    await page.getByTestId('search-input').fill('  ca   phe ');
    await page.getByTestId('search-submit').click();
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/kết quả cho "ca phe"/);
    expect(new URL(page.url()).pathname).toBe('/search');
    await expect.poll(() => page.locator('mark').first().textContent()).toMatch(/cà phê/i);
    const count = await page.getByTestId('search-result').count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    await page.getByTestId('search-result').first().click();
    await expect.poll(() => page.getByTestId('code-title').textContent()).toMatch(/^(09|\d{2}\.\d{2}|\d{4}\.\d{2})/);
    expect(await page.title()).toMatch(/Dutybook/);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows above a line found what it sits under below its heading', async () => {
    const { page, pageErrors, close } = await open(`/search?q=${encodeURIComponent('wireless routers')}`, 'en-US');
    const router = page.getByTestId('search-result').filter({ hasText: 'Wireless routers' }).first();
    await expect.poll(() => router.getByTestId('result-path').textContent()).toMatch(/Machines for the reception, conversion and transmission/);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('pages with first and last buttons, 8 results a page', async () => {
    const { page, close } = await open('/search?q=');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/47 results for "\*"/);
    expect(await page.getByTestId('search-result').count()).toBe(8);
    await page.getByRole('button', { name: 'Go to last page' }).click();
    await expect.poll(() => page.url()).toContain('page=6');
    await expect.poll(() => page.getByTestId('search-result').count()).toBe(47 - 5 * 8);
    await page.getByRole('button', { name: 'Go to first page' }).click();
    await expect.poll(() => page.getByTestId('search-result').count()).toBe(8);
    await close();
  });

  it('opens a code page by its digits with children, origin rules, regulations and decisions; unknown codes are not found', async () => {
    const { page, close } = await open('/0101');
    await expect.poll(() => page.getByTestId('code-title').textContent()).toBe('01.01');
    await expect.poll(() => page.getByTestId('code-children').textContent()).toContain('0101.21');
    expect(await page.getByTestId('origin-rules').locator('tbody tr').count()).toBe(15);
    await expect.poll(() => page.getByText('31/2022/TT-BTC').count()).toBeGreaterThan(0);
    // A code typed with its dots opens the same page, not the server's JSON.
    await page.goto(`${suite.server.url}/0901.11.10`);
    await expect.poll(() => page.getByTestId('code-title').textContent()).toBe('0901.11.10');
    expect(new URL(page.url()).pathname).toBe('/09011110');
    await page.goto(`${suite.server.url}/09011110`);
    await page.getByText('DEMO-101/TB-TCHQ').click();
    await expect.poll(() => page.locator('h1').textContent()).toContain('DEMO-101/TB-TCHQ');
    await page.goto(`${suite.server.url}/99999999`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Something is wrong');
    await close();
  });

  it('browses the tree: one section, chapter and header open at a time; a chapter loads for a second; end rows show the unit', async () => {
    const { page, close } = await open('/');
    await page.locator('[data-testid="tree-section"][data-code="I"] [aria-expanded]').click();
    await page.locator('[data-testid="tree-chapter"][data-code="01"] [aria-expanded]').click();
    await expect.poll(() => page.getByRole('progressbar').count()).toBeGreaterThan(0);
    const header = page.locator('[data-testid="tree-header"][data-code="0101"] [aria-expanded]');
    await header.waitFor();
    await header.click();
    const line = page.locator('[data-testid="tree-supHeader"][data-code="01012100"]');
    await expect.poll(() => line.textContent()).toContain('UQ: head');
    await page.locator('[data-testid="tree-header"][data-code="0102"] [aria-expanded]').click();
    await expect.poll(() => line.count()).toBe(0);
    await page.locator('[data-testid="tree-section"][data-code="II"] [aria-expanded]').click();
    await expect.poll(() => page.locator('[data-testid="tree-chapter"][data-code="01"]').count()).toBe(0);
    await close();
  });

  it('sends the contact form with an attachment, shows success for 3 seconds and clears the form; a failure tells the visitor', async () => {
    const { page, pageErrors, close } = await open('/help');
    await expect.poll(() => page.locator('h1').textContent()).toBe('How to use Dutybook');
    await page.getByTestId('contact-open').click();
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: 'Send' }).click();
    expect(await form.getByText('Please fill this in.').count()).toBe(3);
    await form.getByLabel('Your name').fill('Lan Nguyen');
    await form.getByLabel('E-mail').fill('lan@example.com');
    await form.getByLabel('Your question').fill('Which code covers roasted coffee beans?');
    await page.getByTestId('contact-file').setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect.poll(() => form.getByText(/Only \.pdf/).count()).toBe(1);
    await page.getByTestId('contact-file').setInputFiles({ name: 'invoice.txt', mimeType: 'text/plain', buffer: Buffer.from('Invoice 42') });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('contact-sent').textContent()).toBe('Successfully sent!');
    expect(await form.getByLabel('Your name').inputValue()).toBe('');
    const outbox = path.join(suite.server.dataDir, 'outbox');
    const mails = await fs.readdir(outbox);
    expect(mails).toHaveLength(1);
    expect(await fs.readFile(path.join(outbox, mails[0]!), 'utf8')).toContain('Which code covers roasted coffee beans?');
    await expect.poll(() => page.getByTestId('contact-sent').count(), { timeout: 5000 }).toBe(0);

    await page.route('**/api/lookup/contact/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"server_error","detail":"x"}' }));
    await form.getByLabel('Your name').fill('Lan Nguyen');
    await form.getByLabel('E-mail').fill('lan@example.com');
    await form.getByLabel('Your question').fill('Again?');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('could not be sent');
    expect(await form.getByLabel('Your question').inputValue()).toBe('Again?');
    expect(pageErrors.filter((error) => !error.includes('500'))).toEqual([]);
    await close();
  });

  it('answers frequently asked questions from the menu', async () => {
    const { page, close } = await open('/');
    await page.getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Frequently asked questions');
    expect(await page.title()).toBe('Frequently asked questions · Dutybook');
    await page.getByRole('button', { name: /How many digits/ }).click();
    await expect.poll(() => page.getByText(/Eight\. The first six/).isVisible()).toBe(true);
    await close();
  });

  it('searches certificates of origin with wildcards, without the search banner', async () => {
    const { page, close } = await open('/');
    await page.getByRole('link', { name: 'Searching CO' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Certificate of origin search');
    expect(await page.getByTestId('search-input').count()).toBe(0);
    await page.getByTestId('co-input').fill('DEMO-VN-KR-*');
    await page.getByTestId('co-input').press('Enter');
    await expect.poll(() => page.getByTestId('co-count').textContent()).toBe('2 certificates');
    expect(await page.getByTestId('co-row').first().textContent()).toContain('DEMO-VN-KR-25-001');
    // Demonstration certificates say so wherever they show.
    expect(await page.getByTestId('co-demonstration').allTextContents()).toEqual(['Demonstration data', 'Demonstration data']);
    await page.getByRole('link', { name: '8517.13.00' }).click();
    await expect.poll(() => page.getByTestId('code-title').textContent()).toBe('8517.13.00');
    await close();
  });

  it('fills in a bill of lading from the help page and downloads it as a PDF', async () => {
    const { page, close } = await open('/help');
    await page.getByRole('link', { name: 'Bill of lading' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Bill of lading');
    await page.getByTestId('make-pdf').click();
    await expect.poll(() => page.getByText('Check the marked fields.').count()).toBe(1);
    const values: Record<string, string> = {
      'B/L number': 'HPH-1', Shipper: 'Công ty Cà phê Đắk Lắk', Consignee: 'Busan Coffee', 'Vessel and voyage': 'WAN HAI 288',
      'Port of loading': 'Hai Phong', 'Port of discharge': 'Busan', 'Place and date of issue': 'Hai Phong, 2025-03-01', 'Description of goods': 'Green coffee beans',
    };
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: false }).first().fill(value);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('make-pdf').click()]);
    expect(download.suggestedFilename()).toBe('bill-of-lading-HPH-1.pdf');
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await close();
  });
});
