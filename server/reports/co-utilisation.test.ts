import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coFormKey } from '../../common/agreement-partners.js';
import { type AgreementCode, agreementCodes } from '../../common/agreements.js';
import { parseDutyRate } from '../../common/lookup/duty-rate.js';
import { companyDataChanged } from '../db/data-version.js';
import { type Run, runner } from '../db/run.js';
import { replaceTariffYear } from '../lookup/replace-lookup-data.js';
import { declarationsOfLines, refreshDeclarations } from '../resources/declaration-versions.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Which agreement the C/O utilisation counts an import under, per agreement: by its C/O form as declarations write
 * it, and without a C/O by its origin when every agreement gives the same rate (MFN 10 %, every agreement 0 %).
 */
describe('C/O utilisation per agreement', () => {
  let t: TestApp;
  let run: Run;
  const mail = captureMail();
  const companies: Record<string, { token: string; slug: string; folderSlug: string; id: string; folderId: string }> = {};

  async function company(name: string, lines: Array<{ co_form?: string; from_country: string; total_value: number }>): Promise<void> {
    const email = `${name.toLowerCase().replace(/\W/g, '')}@utilisation.vn`;
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name } });
    const token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const headers = { authorization: `Bearer ${token}` };
    const made = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers, payload: { name } })).json();
    const set = (await t.app.inject({
      method: 'POST', url: `/api/clients-api/companies/${made.slug}/folder-sets/`, headers,
      payload: { name: 'FY2024', year: 2024, date_start: '2024-01-01', date_end: '2024-12-31', type_code: 'SXXK' },
    })).json();
    const [ids] = await run<{ id: string; folder_id: string }>('SELECT c.id, f.id AS folder_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1 AND f.slug = $2', [made.slug, set.slug]);
    companies[name] = { token, slug: made.slug, folderSlug: set.slug, id: ids!.id, folderId: ids!.folder_id };
    const inserted: number[] = [];
    for (const [index, line] of lines.entries()) {
      const [row] = await run<{ id: number }>(
        `INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, unit, total, hs, from_country, co_form, total_value)
         VALUES ($1, $2, $3, 1, '2024-06-01', 'E31', 'PHONE', 'PCE', 10, '85171300', $4, $5, $6) RETURNING id`,
        // The last digit numbers a declaration's amendments: each line is a declaration of its own.
        [ids!.id, ids!.folder_id, String(100_000_000_000 + index * 10), line.from_country, line.co_form ?? null, line.total_value]);
      inserted.push(row!.id);
    }
    await refreshDeclarations(run, ids!.id, await declarationsOfLines(run, { table: 'ecus_lines' }, ids!.id, inserted));
    await companyDataChanged(run, ids!.id);
  }

  const byAgreement = async (name: string) => {
    const { token, slug, folderSlug } = companies[name]!;
    const answer = (await t.app.inject({ method: 'GET', url: `/api/clients-api/companies/${slug}/dashboard/co-utilisation/?folder_slug=${folderSlug}`, headers: { authorization: `Bearer ${token}` } })).json();
    return Object.fromEntries(answer.rows.map((row: { key: string | null; value: string; with_co_value: string }) => [row.key, { value: Number(row.value), with_co: Number(row.with_co_value) }]));
  };

  // Each line's value names it: the agreement it must be counted under is read back from the sums.
  const withForm: Array<[AgreementCode, string, string]> = [
    ['ATIGA', 'Form D', 'TH'], ['AC', 'C/O form E', 'CN'], ['AK', 'AK', 'KR'], ['AJ', 'FORM AJ', 'JP'], ['VJ', 'VJ', 'JP'], ['AI', 'AI', 'IN'],
    ['AANZ', 'AANZ', 'AU'], ['AHK', 'Form AHK', 'HK'], ['VK', 'VK', 'KR'], ['VC', 'VC', 'CL'], ['EUEA', 'EAV', 'RU'], ['CPTPP', 'CPTPP', 'CA'],
    ['EV', 'EUR.1', 'DE'], ['UKV', 'EUR 1', 'GB'], ['RCEP', 'RCEP', 'NZ'],
  ];
  // Without a C/O, at equal rates the agreement closest to the origin is named.
  const withoutForm: Array<[AgreementCode, string]> = [
    ['ATIGA', 'TH'], ['AC', 'CN'], ['VK', 'KR'], ['VJ', 'JP'], ['AI', 'IN'], ['AHK', 'HK'], ['VC', 'CL'], ['EUEA', 'RU'], ['EV', 'DE'], ['UKV', 'GB'],
  ];

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    run = runner(t.database);
    const schedules = [...agreementCodes.filter((code) => code !== 'RCEP'), ...['A', 'B', 'C', 'D', 'E', 'F'].map((group) => `RCEP ${group}`)];
    await replaceTariffYear({
      database: t.database, year: 2024,
      lines: [{ id: '85', parentId: null, section: 'XVI' }, { id: '8517', parentId: '85', section: 'XVI' }, { id: '85171300', parentId: '8517', section: 'XVI' }],
      rates: [{ lineId: '85171300', schedule: 'MFN', rate: parseDutyRate('10') }, ...schedules.map((schedule) => ({ lineId: '85171300', schedule, rate: parseDutyRate('0') }))],
    });
    await company('With Forms', withForm.map(([, co_form, from_country], index) => ({ co_form, from_country, total_value: (index + 1) * 1000 })));
    await company('Without Forms', withoutForm.map(([, from_country], index) => ({ from_country, total_value: (index + 1) * 1000 })));
  });
  afterAll(async () => { await t.close(); });

  it('reads C/O forms as declarations write them', () => {
    expect(['D', 'Form D', 'FORM D', 'C/O form D', 'CO Form D', 'form-D'].map(coFormKey)).toEqual(['D', 'D', 'D', 'D', 'D', 'D']);
    expect(['EUR.1', 'EUR 1', 'Form EUR.1', 'CPTPP', 'AK'].map(coFormKey)).toEqual(['EUR1', 'EUR1', 'EUR1', 'CPTPP', 'AK']);
  });

  it('counts each C/O form under its agreement, EUR.1 under the one its origin belongs to', async () => {
    const rows = await byAgreement('With Forms');
    for (const [index, [agreement]] of withForm.entries()) expect([agreement, rows[agreement]]).toEqual([agreement, { value: (index + 1) * 1000, with_co: (index + 1) * 1000 }]);
  });

  it('counts an import without a C/O under the agreement of its origin among those at the same rate', async () => {
    const rows = await byAgreement('Without Forms');
    for (const [index, [agreement]] of withoutForm.entries()) expect([agreement, rows[agreement]]).toEqual([agreement, { value: (index + 1) * 1000, with_co: 0 }]);
    expect(rows.AANZ).toBeUndefined();
  });
});
