import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, newPage, signInAsDemo, typeDay, useServerAndBrowser } from './harness.js';

/**
 * The texts this test reads, as each language's catalog writes them, and January's name in its calendar; each language
 * creates the period of another year, as a company has one period a year of each type.
 */
const texts = {
  en: { language: 'English', tab: 'Folder sets', add: 'New folder set', start: 'Start date', end: 'End date', create: 'Create', year: 2025, january: 'January 2025', invalid: 'Not a date: type it as dd/mm/yyyy.', layout: 'Circular 39/2018 (Forms 15, 15a and 16)' },
  vi: { language: 'Tiếng Việt', tab: 'Bộ thư mục', add: 'Bộ thư mục mới', start: 'Ngày bắt đầu', end: 'Ngày kết thúc', create: 'Tạo', year: 2024, january: 'tháng 1 2024', invalid: 'Không phải ngày hợp lệ: nhập theo dạng dd/mm/yyyy.', layout: 'Thông tư 39/2018 (Mẫu 15, 15a và 16)' },
  ko: { language: '한국어', tab: '폴더 세트', add: '새 폴더 세트', start: '시작일', end: '종료일', create: '만들기', year: 2023, january: '1월 2023', invalid: '올바른 날짜가 아닙니다. yyyy. mm. dd. 형식으로 입력하세요.', layout: '재무부 시행규칙 39/2018 (양식 15, 15a, 16)' },
} as const;

/** A day as the language writes it, and so as its date fields are typed: Korean year first, the others day first. */
const written = (language: keyof typeof texts, day: string, month: string, year: number) =>
  (language === 'ko' ? `${year}. ${month}. ${day}.` : `${day}/${month}/${year}`);

async function chooseLanguage(page: Page, language: string) {
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: language }).click();
}

describe('date fields in Chromium', () => {
  const suite = useServerAndBrowser();

  it('type a day in the order the language writes it, show the calendar in the interface language and send the ISO day', async () => {
    // An American browser, whose native date inputs would ask for mm/dd/yyyy whatever the app's language.
    const { context, page, pageErrors } = await newPage(suite.browser, { locale: 'en-US' });
    await signInAsDemo(page, suite.server.url);
    await page.goto(`${suite.server.url}/company`);

    for (const language of ['ko', 'vi', 'en'] as const) {
      const text = texts[language];
      await chooseLanguage(page, text.language);
      await page.getByRole('tab', { name: text.tab }).click();
      await page.getByRole('button', { name: text.add }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name=name]').fill(`Kỳ ${text.year}`);
      await dialog.locator('input[name=year]').fill(String(text.year));

      // Typed in the language's order; the calendar then opens on that month, named in the interface language.
      const start = dialog.getByRole('group', { name: text.start });
      await typeDay(page, start, written(language, '31', '01', text.year));
      expect(await dialog.locator('input[name=date_start]').inputValue()).toBe(written(language, '31', '01', text.year));
      await dialog.locator('input[name=date_start]').locator('..').getByRole('button').click();
      const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
      await eventually(() => calendar.getByText(text.january, { exact: true }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await eventually(() => calendar.count()).toBe(0);

      // An impossible day is refused in the user's language and stays as typed.
      const end = dialog.getByRole('group', { name: text.end });
      await typeDay(page, end, written(language, '31', '02', text.year));
      await eventually(() => dialog.getByText(text.invalid, { exact: true }).count()).toBe(1);
      expect(await dialog.locator('input[name=date_end]').inputValue()).toBe(written(language, '31', '02', text.year));
      await typeDay(page, end, written(language, '31', '12', text.year));
      await eventually(() => dialog.getByText(text.invalid, { exact: true }).count()).toBe(0);

      // The official layout its statements are exported in, named in the interface language.
      await eventually(() => dialog.getByText(text.layout, { exact: true }).count()).toBe(1);

      const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/folder-sets/'));
      await dialog.getByRole('button', { name: text.create }).click();
      const body = (await sent).postDataJSON() as { date_start: string; date_end: string };
      expect(body).toMatchObject({ date_start: `${text.year}-01-31`, date_end: `${text.year}-12-31`, statement_layout: 'tt39_2018' });
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
