import { describe, expect, it } from 'vitest';
import { eventually, newPage, signInAsDemo, typeDay, useServerAndBrowser } from './harness.js';

describe('folder sets in Chromium', () => {
  const suite = useServerAndBrowser();

  it('refuses a period outside its year with the reason in Vietnamese, keeping what was typed', async () => {
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'vi-VN' });
    await signInAsDemo(page, suite.server.url);
    await page.goto(`${suite.server.url}/company`);
    await page.getByRole('tab', { name: 'Bộ thư mục' }).click();
    await page.getByRole('button', { name: 'Bộ thư mục mới' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên', { exact: false }).first().fill('Kỳ sai năm');
    await dialog.locator('input[name=year]').fill('2024');
    // The period follows the year.
    await eventually(() => dialog.getByRole('group', { name: 'Ngày bắt đầu' }).textContent()).toContain('01/01/2024');
    await expect(dialog.getByRole('group', { name: 'Ngày kết thúc' }).textContent()).resolves.toContain('31/12/2024');
    await typeDay(page, dialog.getByRole('group', { name: 'Ngày bắt đầu' }), '01/01/2023');
    await typeDay(page, dialog.getByRole('group', { name: 'Ngày kết thúc' }), '31/12/2023');
    await dialog.getByRole('button', { name: 'Tạo' }).click();
    await eventually(() => dialog.getByText('Kỳ báo cáo phải bắt đầu hoặc kết thúc trong năm đã chọn.').count()).toBeGreaterThan(0);
    expect(await dialog.getByLabel('Tên', { exact: false }).first().inputValue()).toBe('Kỳ sai năm');
    // The refusal itself is the one failed request the browser reports.
    expect(pageErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});
