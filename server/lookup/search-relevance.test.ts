import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { lookupSeeder } from './seed-lookup.js';
import { shippedKoreanTerms, tariffIdsOf } from './search-terms.js';
import { runner } from './sql.js';
import { devQueries, figuresOf, rankOf } from './dev-set.js';

/** Product names as importers, clerks and Korean managers type them, and the codes that classify them. */
interface RelevanceQuery { q: string; lang: 'vi' | 'vi-plain' | 'en' | 'ko'; expect: string[] }
const queries = JSON.parse(readFileSync(new URL('./fixtures/relevance-queries.json', import.meta.url), 'utf8')) as RelevanceQuery[];

/** The shipped tariff (data/vn-tariff.csv.gz) searched as a visitor searches it. */
describe('search relevance on the shipped tariff', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ lookupSearchPerMinute: 0 });
    await lookupSeeder('shipped').run(t.database);
  }, 300_000);
  afterAll(async () => { await t.close(); });

  const search = async (q: string, extra = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/lookup/search/?q=${encodeURIComponent(q)}&rows=10${extra}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { response: { docs: Array<{ id: string }> }; query: { match?: string; koreanTerms?: Array<{ term: string; codes: string[] }> } };
  };
  const ids = async (q: string, extra = '') => (await search(q, extra)).response.docs.map((doc) => doc.id);

  it('puts the line a product name means first, or among the first three, in Vietnamese with and without accents, English and Korean', async () => {
    const ranks = new Map<string, number[]>();
    const misses: string[] = [];
    for (const { q, lang, expect: codes } of queries) {
      const found = await ids(q);
      const rank = found.findIndex((id) => codes.some((code) => id.startsWith(code))) + 1;
      ranks.set(lang, [...(ranks.get(lang) ?? []), rank]);
      if (rank === 0 || rank > 3) misses.push(`${q} → ${found.slice(0, 3).join(' ')} (expected ${codes.join(' ')})`);
    }
    const figures = Object.fromEntries([...ranks].map(([lang, list]) => [lang, {
      queries: list.length,
      top1: list.filter((rank) => rank === 1).length / list.length,
      top3: list.filter((rank) => rank >= 1 && rank <= 3).length / list.length,
      mrr: list.reduce((sum, rank) => sum + (rank ? 1 / rank : 0), 0) / list.length,
    }]));
    console.info('search relevance', JSON.stringify(figures));
    expect(queries.length).toBeGreaterThanOrEqual(80);
    expect(misses).toEqual([]);
    const latin = [...ranks].filter(([lang]) => lang !== 'ko').flatMap(([, list]) => list);
    expect(latin.filter((rank) => rank === 1).length / latin.length).toBeGreaterThanOrEqual(0.85);
    expect(figures.ko!.top1).toBe(1);
  }, 120_000);

  it('stores the shipped tariff composed (NFC), so its decomposed rows are found like the others', async () => {
    const rows = await runner(t.database)<{ id: string; description: string }>('SELECT id, description FROM lookup_tariff_line WHERE year = 2025');
    expect(rows.filter((row) => row.description !== row.description.normalize('NFC')).map((row) => row.id)).toEqual([]);
    expect((await ids('xe mô tô'.normalize('NFD'))).slice(0, 3).some((id) => id.startsWith('8711'))).toBe(true);
  });

  it('ranks the tuning half of the development set (the check half is measured by npm run bench -- lookup-relevance)', async () => {
    const tuning = devQueries().filter((query) => query.half === 'tuning');
    const ranks = new Map<string, number[]>();
    for (const query of tuning) {
      const rank = rankOf(await ids(query.q), query.expect);
      ranks.set(query.lang, [...(ranks.get(query.lang) ?? []), rank]);
    }
    const latin = figuresOf([...ranks].filter(([lang]) => lang !== 'ko').flatMap(([, list]) => list));
    const korean = figuresOf(ranks.get('ko') ?? []);
    console.info('development set, tuning half', JSON.stringify({ latin, korean }));
    expect(tuning.length).toBeGreaterThanOrEqual(500);
    expect(latin.top3).toBeGreaterThanOrEqual(0.97);
    expect(latin.top1).toBeGreaterThanOrEqual(0.78);
    expect(korean.top3).toBeGreaterThanOrEqual(0.98);
  }, 300_000);

  it('expects only codes of the shipped tariff in the development set, over every chapter', async () => {
    const rows = await runner(t.database)<{ id: string }>('SELECT id FROM lookup_tariff_line WHERE year = 2025');
    const expected = [...new Set(devQueries().flatMap((query) => query.expect))];
    expect(expected.filter((code) => !rows.some((row) => row.id.startsWith(code)))).toEqual([]);
    const chapters = new Set(expected.map((code) => code.slice(0, 2)));
    // Every chapter of the nomenclature but 77, which the HS keeps in reserve.
    expect(chapters.size).toBe(96);
  });

  it('finds a line through its heading\'s words, before lines that only mention the product', async () => {
    // 8516.60.10 reads "Nồi nấu cơm"; "điện" is its heading's. Two lines for switches and tubes of rice cookers hold every word.
    for (const q of ['nồi cơm điện', 'noi com dien', 'nồi cơm']) expect((await ids(q))[0], q).toBe('85166010');
    const cooker = await ids('nồi cơm');
    expect(cooker.indexOf('85166010')).toBeLessThan(cooker.indexOf('85365040'));
  });

  it('stems English words and reads the tariff\'s wording for everyday names', async () => {
    expect((await ids('air conditioner'))[0]).toBe('8415');
    expect((await ids('air conditioning'))[0]).toBe('8415');
    expect((await ids('batteries'))).toContain('8506');
    expect((await ids('mobile phone')).slice(0, 2)).toEqual(expect.arrayContaining(['8517']));
    expect((await ids('máy lạnh'))[0]).toBe('8415');
  });

  it('ranks a chapter 98 copy after the line it repeats, and coded lines before the group row above them', async () => {
    const lobster = await ids('tôm hùm Na Uy');
    expect(lobster.indexOf('03061500')).toBeGreaterThanOrEqual(0);
    expect(lobster.indexOf('98041500')).toBeGreaterThan(lobster.indexOf('03061500'));
    const cashew = await ids('hạt điều');
    expect(cashew.indexOf('0801~3')).toBeGreaterThan(cashew.indexOf('08013100'));
  });

  it('reaches codes from Korean product names while the tariff has no Korean text, and says which names it read', async () => {
    const answer = await search('전기밥솥');
    expect(answer.response.docs[0]?.id).toBe('85166010');
    expect(answer.query.koreanTerms).toEqual([{ term: '전기밥솥', codes: ['85166010'] }]);
    expect((await search('냉장고를')).query.koreanTerms).toEqual([{ term: '냉장고', codes: ['8418'] }]);
    expect((await search('rice cooker')).query.koreanTerms).toBeUndefined();
  });

  it('matches most of the words when no line has them all, and says so', async () => {
    const answer = await search('nồi cơm điện loại mới xyzw');
    expect(answer.query.match).toBe('some');
    expect(answer.response.docs.map((doc) => doc.id).slice(0, 3)).toContain('85166010');
  });

  it('names only codes of the tariff in its Korean product table', async () => {
    const codes = tariffIdsOf([...shippedKoreanTerms().values()].flat());
    const rows = await runner(t.database)<{ id: string }>('SELECT id FROM lookup_tariff_line WHERE year = 2025 AND id = ANY($1::text[])', [codes]);
    const present = new Set(rows.map((row) => row.id));
    const missing = [...shippedKoreanTerms()].filter(([, list]) => !list.every((code) => present.has(code) || present.has(code.padEnd(8, '0'))));
    expect(missing).toEqual([]);
    expect(shippedKoreanTerms().size).toBeGreaterThanOrEqual(300);
  });
});
