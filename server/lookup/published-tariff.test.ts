import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { importLookupFile } from './import-lookup-file.js';
import { runner } from './sql.js';
import { parseDutyRate } from '../../common/lookup/duty-rate.js';
import { toRoman } from '../../common/hs/code.js';
import { publishedTariffInput, readPublishedTariff } from './published-tariff.js';
import { readTable } from './read-table.js';

const tariffFile = path.resolve('../shared/data/vn-tariff/Tariff.xlsx');
const proceduresFile = path.resolve('../shared/data/vn-tariff/Specialised_procedures.xlsx');
const hasTariff = fs.existsSync(tariffFile);
if (!hasTariff) console.warn(`Skipping the published-tariff tests on the real file: ${tariffFile} is absent.`);

describe('duty-rate cells', () => {
  it('reads numbers with a comma or a point, keeps everything else as published', () => {
    expect(parseDutyRate('7,5')).toEqual({ kind: 'rate', text: '7,5', percent: 7.5 });
    expect(parseDutyRate(' 7.5 ')).toEqual({ kind: 'rate', text: '7.5', percent: 7.5 });
    expect(parseDutyRate('*')).toEqual({ kind: 'no_preference', text: '*' });
    expect(parseDutyRate('0 (-BN, KH, TH)')).toEqual({ kind: 'rate_except', text: '0 (-BN, KH, TH)', percent: 0, exceptCountries: ['BN', 'KH', 'TH'] });
    expect(parseDutyRate('0(-LA )')).toMatchObject({ kind: 'rate_except', exceptCountries: ['LA'] });
    expect(parseDutyRate('2,7; M: 5,4')).toEqual({ kind: 'text', text: '2,7; M: 5,4' });
    expect(parseDutyRate('')).toEqual({ kind: 'empty', text: '' });
  });
});

describe('a published tariff read into a tree', () => {
  const header = { level: '', hscode: '', description_vn: '', description_en: '', 'mfn rate': '', 'import duty rate per evfta': '', 'import duty rate per rcept b': '', 'import duty rate per vifta': '' };
  const row = (level: number, hscode: string, vn: string, mfn = '', ev = '') => ({ ...header, level: String(level), hscode, description_vn: vn, 'mfn rate': mfn, 'import duty rate per evfta': ev });

  it('hangs untitled group rows under their parent and their lines under them, keyed by agreement code', () => {
    const { lines } = readPublishedTariff([
      row(0, '0101', 'Ngựa, lừa, la sống'), row(1, '', '- Ngựa:'), row(2, '01012100', '- - Loại thuần chủng', '0', '0 (-BN)'),
      row(1, '', '- Lừa:'), row(2, '01013010', '- - Thuần chủng', '5', '*'), row(1, '010190', '- Loại khác', '7,5'),
    ], 'test.xlsx');
    expect(lines.map((line) => [line.id, line.parentId, line.group])).toEqual([
      ['0101', null, false], ['0101~1', '0101', true], ['01012100', '0101~1', false],
      ['0101~2', '0101', true], ['01013010', '0101~2', false], ['010190', '0101', false],
    ]);
    expect(lines[2]!.rates).toEqual([
      { schedule: 'MFN', rate: { kind: 'rate', text: '0', percent: 0 } },
      { schedule: 'EV', rate: { kind: 'rate_except', text: '0 (-BN)', percent: 0, exceptCountries: ['BN'] } },
    ]);
  });

  it('puts each heading under its chapter and each chapter under its section, chapter 98 outside the sections', () => {
    const { lines } = publishedTariffInput(readPublishedTariff([
      row(0, '0101', 'Ngựa'), row(1, '010190', '- Loại khác'), row(0, '0102', 'Trâu bò'), row(0, '0201', 'Thịt trâu bò'), row(0, '9801', 'Nhóm 98'),
    ], 'test.xlsx').lines);
    expect(lines.map((line) => [line.id, line.parentId, line.section])).toEqual([
      ['I', null, 'I'], ['01', 'I', 'I'], ['0101', '01', 'I'], ['010190', '0101', 'I'], ['0102', '01', 'I'],
      ['02', 'I', 'I'], ['0201', '02', 'I'], ['98', null, ''], ['9801', '98', ''],
    ]);
    expect(lines[1]).toMatchObject({ description: 'Động vật sống', enDescription: 'Live animals' });
    // A workbook with a Korean column gives the lines their Korean text.
    const korean = readPublishedTariff([{ ...row(0, '0101', 'Ngựa'), description_ko: '말' }], 'test.xlsx').lines;
    expect(publishedTariffInput(korean).lines.at(-1)).toMatchObject({ id: '0101', koDescription: '말' });
  });

  it('hangs a row that skips a level under the nearest row above it', () => {
    const { lines } = readPublishedTariff([row(0, '9818', 'Nhóm'), row(1, '981824', '- Bộ phận'), row(3, '98182410', '- - - Hoạt động bằng điện')], 'test.xlsx');
    expect(lines[2]!.parentId).toBe('981824');
  });
});

describe.skipIf(!hasTariff)('the published Vietnamese tariff (../shared/data/vn-tariff/Tariff.xlsx)', () => {
  it('reads every row into the tree with its levels, group rows and rates', async () => {
    const { lines, repeatedRows } = readPublishedTariff(await readTable(tariffFile), 'Tariff.xlsx');
    expect(lines.length + repeatedRows).toBe(17_646);
    expect(repeatedRows).toBe(133);
    const perLevel: Record<number, number> = {};
    for (const line of lines) perLevel[line.level] = (perLevel[line.level] ?? 0) + 1;
    expect(perLevel).toEqual({ 0: 1268, 1: 3827, 2: 5853, 3: 4251, 4: 1862, 5: 431, 6: 21 });
    expect(lines.filter((line) => line.group)).toHaveLength(2527);
    expect(lines.filter((line) => !line.group && line.id.length === 8)).toHaveLength(11_871);
    const ids = new Set(lines.map((line) => line.id));
    expect(ids.size).toBe(lines.length);
    expect(lines.every((line) => line.parentId === null || ids.has(line.parentId))).toBe(true);
    expect(new Set(lines.flatMap((line) => line.rates.map((rate) => rate.schedule)))).toEqual(new Set([
      'ordinary', 'MFN', 'AC', 'ATIGA', 'AJ', 'VJ', 'AK', 'AANZ', 'AI', 'VK', 'VC', 'EUEA', 'CPTPP', 'AHK', 'EV', 'UKV', 'VIFTA',
      'RCEP A', 'RCEP B', 'RCEP C', 'RCEP D', 'RCEP E', 'RCEP F',
    ]));
    const horse = lines.find((line) => line.id === '01012100')!;
    expect(horse.parentId).toBe('0101~1');
    expect(horse.rates.find((rate) => rate.schedule === 'ordinary')!.rate).toMatchObject({ kind: 'rate', percent: 5 });

    // Every distinct published text that is not a plain number is listed in the fixture with how it is read.
    const fixture = JSON.parse(fs.readFileSync(path.resolve('server/lookup/fixtures/vn-tariff-rate-texts.json'), 'utf8')) as Record<string, string>;
    const seen: Record<string, string> = {};
    for (const line of lines) for (const { rate } of line.rates) if (rate.kind !== 'rate') seen[rate.text] = rate.kind;
    expect(seen).toEqual(fixture);
  }, 60_000);
});

describe('the compact tariff shipped in data/', () => {
  it('holds the published rows, read into the same tree as the workbook', async () => {
    const compact = readPublishedTariff(await readTable(path.resolve('data/vn-tariff.csv.gz')), 'vn-tariff.csv.gz');
    expect(compact.lines.length + compact.repeatedRows).toBe(17_646);
    if (!hasTariff) return;
    const published = readPublishedTariff(await readTable(tariffFile), 'Tariff.xlsx');
    expect(compact.lines.map(({ procedures: _procedures, ...line }) => line)).toEqual(published.lines.map(({ procedures: _procedures, ...line }) => line));
    // The procedures column comes from the second workbook, row for row.
    const procedures = await readTable(proceduresFile);
    const byCode = new Map(procedures.filter((record) => record.hscode).map((record) => [record.hscode!, record['specialised procedures'] ?? '']));
    expect(compact.lines.filter((line) => !line.group).every((line) => line.procedures === byCode.get(line.id))).toBe(true);
    expect(compact.lines.find((line) => line.id === '01012100')!.procedures).toMatch(/^Động vật, sản phẩm động vật trên cạn phải kiểm dịch \(01\/2024\/TT-BNNPTNT M1\)/);
  }, 60_000);
});

describe.skipIf(!hasTariff)('importing the published Vietnamese tariff', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('stores every node, group rows one level below their parent, and each schedule\'s rate in one transaction', async () => {
    // The workbook's rows but its 133 repeats, with the 21 sections and 97 chapters it leaves out.
    expect(await importLookupFile({ database: t.database, kind: 'tariff', year: 2023, file: tariffFile })).toBe(17_646 - 133 + 21 + 97);
    const group = await runner(t.database)<{ hs: string; level: number; parent_id: string; description: string }>(
      "SELECT hs, level, parent_id, description FROM lookup_tariff_line WHERE year = 2023 AND id = '0101~1'");
    expect(group).toEqual([{ hs: '', level: 5, parent_id: '0101', description: '- Ngựa:' }]);
    const rates = await runner(t.database)<{ schedule: string; kind: string; percent: string | null; published: string; except_countries: string[] }>(
      "SELECT schedule, kind, percent::text AS percent, published, except_countries FROM lookup_tariff_rate WHERE year = 2023 AND kind <> 'rate' ORDER BY line_id, schedule LIMIT 1");
    expect(rates[0]).toBeDefined();
    const counts = await runner(t.database)<{ kind: string; count: number }>(
      'SELECT kind, count(*)::int AS count FROM lookup_tariff_rate WHERE year = 2023 GROUP BY kind ORDER BY kind');
    expect(counts.map((row) => row.kind)).toEqual(['no_preference', 'rate', 'rate_except', 'text']);
    const except = await runner(t.database)<{ percent: string; except_countries: string[] }>(
      "SELECT percent::text AS percent, except_countries FROM lookup_tariff_rate WHERE year = 2023 AND kind = 'rate_except' AND published = '0 (-BN, KH, TH)' LIMIT 1");
    expect(except[0]).toMatchObject({ except_countries: ['BN', 'KH', 'TH'] });
    expect(Number(except[0]!.percent)).toBe(0);
    const horse = await runner(t.database)<{ percent: string }>(
      "SELECT percent::text AS percent FROM lookup_tariff_rate WHERE year = 2023 AND line_id = '01012100' AND schedule = 'ordinary'");
    expect(Number(horse[0]!.percent)).toBe(5);

    const page = (await t.app.inject({ method: 'GET', url: '/api/lookup/codes/01012100/?year=2023' })).json();
    expect(page.dutyRates.slice(0, 3)).toEqual([
      { schedule: 'ordinary', kind: 'rate', percent: 5, published: '5', exceptCountries: [] },
      { schedule: 'MFN', kind: 'rate', percent: 0, published: '0', exceptCountries: [] },
      { schedule: 'ATIGA', kind: 'rate', percent: 0, published: '0', exceptCountries: [] },
    ]);
    expect(page.dutyRates).toHaveLength(23);
    expect(page.ancestors.map((a: { id: string }) => a.id)).toEqual(['I', '01', '0101', '0101~1']);
    const roots = (await t.app.inject({ method: 'GET', url: '/api/lookup/tree/?year=2023' })).json().nodes as Array<{ id: string }>;
    expect(roots.map((node) => node.id)).toEqual([...Array.from({ length: 21 }, (_, i) => toRoman(i + 1)), '98']);
    const ricecooker = (await t.app.inject({ method: 'GET', url: '/api/lookup/codes/85166010/?year=2023' })).json();
    expect(ricecooker.doc.section).toBe('XVI');
    const horsePage = async () => (await t.app.inject({ method: 'GET', url: '/api/lookup/codes/01012100/?year=2023' })).json();
    expect((await horsePage()).procedures).toEqual([]);
    // The second workbook adds each line's procedures to the year (codes only: group rows have none).
    const named = await importLookupFile({ database: t.database, kind: 'procedures', year: 2023, file: proceduresFile });
    expect(named).toBeGreaterThan(14_000);
    expect((await horsePage()).procedures).toContainEqual({ name: 'Giống vật nuôi cần bảo tồn', reference: '01/2024/TT-BNNPTNT M4' });
  }, 120_000);
});
