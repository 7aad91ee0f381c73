import { describe, expect, it } from 'vitest';
import { demoAccount, eventually, newPage, seedWithDemoAdministrator, signIn, useServerAndBrowser } from './harness.js';

/** Where each tariff year comes from, said under the year selector of the lookup's search and code pages. */
describe('the source of each tariff year in Chromium', () => {
  const suite = useServerAndBrowser({}, seedWithDemoAdministrator);
  const today = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

  it('says the demonstration year is one; a year an administrator loads names its file, who and when, on the search and code pages', async () => {
    const { url } = suite.server;
    const visitor = await newPage(suite.browser, { locale: 'en-US' });
    await visitor.page.goto(`${url}/search?q=`);
    const source = visitor.page.getByTestId('year-source');
    await eventually(() => source.getAttribute('data-origin')).toBe('demonstration');
    expect(await source.textContent()).toBe('The 2025 tariff here is Dutybook\'s demonstration set, a few chapters for trying the lookup, not the full published tariff.');
    expect(visitor.pageErrors).toEqual([]);
    await visitor.context.close();

    // The administrator loads a small 2022 tariff from the administration area.
    const admin = await newPage(suite.browser, { locale: 'en-US' });
    await signIn(admin.page, url, demoAccount);
    await admin.page.goto(`${url}/admin/lookup-data`);
    await admin.page.getByRole('combobox', { name: 'Year' }).click();
    await admin.page.getByRole('option', { name: '2022' }).click();
    await admin.page.getByTestId('load-file').setInputFiles({
      name: 'Biểu thuế 2022.csv', mimeType: 'text/csv', buffer: Buffer.from('code,description,en_description\n09,Cà phê,Coffee\n0901,Cà phê rang,Roasted coffee\n'),
    });
    await admin.page.getByTestId('start-load').click();
    await eventually(() => admin.page.locator('tr[data-load] [data-testid="load-status"]').first().textContent(), 30_000).toBe('Done');
    expect(admin.pageErrors).toEqual([]);
    await admin.context.close();

    const reader = await newPage(suite.browser, { locale: 'vi-VN' });
    await reader.page.goto(`${url}/search?q=&year=2022`);
    const vietnamese = reader.page.getByTestId('year-source');
    await eventually(() => vietnamese.textContent()).toBe(`Biểu thuế năm 2022 được nạp từ tệp Biểu thuế 2022.csv bởi Demo User ngày ${today('vi')}.`);
    // The sentence follows the year chosen, before the search is sent again.
    await reader.page.getByTestId('year-select').locator('..').getByRole('combobox').click();
    await reader.page.getByRole('option', { name: '2025' }).click();
    await eventually(() => vietnamese.getAttribute('data-origin')).toBe('demonstration');
    expect(reader.pageErrors).toEqual([]);
    await reader.context.close();

    const korean = await newPage(suite.browser, { locale: 'ko-KR' });
    await korean.page.goto(`${url}/0901?year=2022`);
    await eventually(() => korean.page.getByTestId('code-title').textContent()).toBe('09.01');
    await eventually(() => korean.page.getByTestId('year-source').textContent())
      .toBe(`2022년 관세율표는 ${today('ko')}에 Demo User 님이 Biểu thuế 2022.csv 파일에서 불러왔습니다.`);
    expect(korean.pageErrors).toEqual([]);
    await korean.context.close();
  });
});
