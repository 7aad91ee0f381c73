import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { lookupSeeder, shippedTariffSource } from './seed-lookup.js';

/** The tariff a fresh install loads (data/vn-tariff.csv.gz), as a visitor meets it. */
describe('the shipped tariff on a fresh database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await lookupSeeder('shipped').run(t.database);
  }, 120_000);
  afterAll(async () => { await t.close(); });

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const search = async (query: string) => get(`/api/lookup/search/?${query}`);
  const ids = (answer: { response: { docs: Array<{ id: string }> } }) => answer.response.docs.map((doc) => doc.id);

  it('says the year comes from the published Vietnamese tariff, with its legal basis and the compilation it was taken from', async () => {
    const { editions, held } = await get('/api/lookup/years/');
    // Beside the real tariff no made-up decisions or certificates are loaded: the screens say none is there.
    expect(held).toEqual({ decisions: 0, co_records: 0 });
    expect(editions).toEqual([{ year: 2025, languages: ['en', 'vi'], source: { origin: 'shipped', loaded_at: expect.any(String), shipped: shippedTariffSource() } }]);
    expect(editions[0].source.shipped).toMatchObject({ file: 'vn-tariff.csv.gz', url: 'https://github.com/quyphong91/tariffvn', retrieved: '2026-11-24' });
    for (const basis of Object.values(editions[0].source.shipped.basis)) expect(basis).toMatch(/31\/2022\/TT-BTC.*26\/2023\/NĐ-CP.*107\/2016\/QH13/);
  });

  it('opens the tree at the 21 sections and chapter 98', async () => {
    const { nodes } = await get('/api/lookup/tree/');
    expect(nodes).toHaveLength(22);
    expect(nodes[0]).toMatchObject({ id: 'I', description: 'Động vật sống; các sản phẩm từ động vật', en_description: 'Live animals; animal products' });
    expect(nodes[21]).toMatchObject({ id: '98', section: '' });
    expect((await get('/api/lookup/tree/?parent=XVI')).nodes.map((node: { id: string }) => node.id)).toEqual(['84', '85']);
  });

  it('puts the heading or line that names a common product on the first page', async () => {
    for (const [q, lang, expected] of [
      ['nồi nấu cơm', 'vi', '85166010'], ['noi nau com', 'en', '85166010'], ['cà phê', 'vi', '0901'], ['ca phe', 'en', '0901'], ['rice cookers', 'en', '85166010'],
    ] as const) {
      const answer = await search(`q=${encodeURIComponent(q)}&lang=${lang}`);
      expect(ids(answer), `${q} (${lang})`).toContain(expected);
    }
  });

  it('gives each line found its ancestors below the heading, which tell apart lines worded alike', async () => {
    type Doc = { id: string; level: number; en_description: string; path?: Array<{ id: string; level: number; en_description: string }> };
    const docs = (await search('q=ceramic+tiles&lang=en')).response.docs as Doc[];
    const glazed = docs.filter((doc) => doc.en_description.endsWith('Paving, hearth or wall tiles, glazed'));
    expect(glazed.length).toBeGreaterThan(1);
    // Worded alike, told apart by what they sit under: a subheading of the water absorption, and the untitled rows.
    expect(new Set(glazed.map((doc) => JSON.stringify(doc.path))).size).toBe(glazed.length);
    for (const doc of glazed) {
      const levels = doc.path!.map((step) => step.level);
      expect(levels).toEqual([...levels].sort((a, b) => a - b));
      expect(levels.every((level) => level > 4 && level < doc.level)).toBe(true);
      expect(doc.path!.some((step) => /water absorption coefficient/.test(step.en_description))).toBe(true);
    }
    // A heading has none above it in the path; a code's page of lines has them too.
    const heading = (await search('q=garlic&lang=en')).response.docs.find((doc: Doc) => doc.id === '0703') as Doc;
    expect(heading.path).toEqual([]);
    expect(((await search('q=6907.21&lang=en')).response.docs as Doc[]).find((doc) => doc.id.length === 8)!.path!.length).toBeGreaterThan(0);
  });

  it('ranks text holding the accents as typed before text that only folds to the same letters', async () => {
    // `kể cả phế liệu` folds to `ke ca phe lieu`, which holds `ca phe`.
    const docs = (await search(`q=${encodeURIComponent('cà phê')}`)).response.docs as Array<{ id: string; description: string; notes: string }>;
    expect(docs).toHaveLength(8);
    expect(docs[0]!.id).toBe('0901');
    expect(docs.filter((doc) => /cả phế/i.test(`${doc.description} ${doc.notes}`))).toEqual([]);
  });

  it('lists the lines free of duty under EVFTA, and lines within an MFN range of a chapter', async () => {
    const free = await search('schedule=EV&rateMax=0&rows=50');
    expect(free.response.numFound).toBeGreaterThan(1000);
    for (const id of ids(free).slice(0, 5)) {
      const page = await get(`/api/lookup/codes/${id}/`);
      expect(page.dutyRates.find((rate: { schedule: string }) => rate.schedule === 'EV')).toMatchObject({ percent: 0 });
    }
    const range = await search('chapter=85&rateMin=10&rateMax=20&rows=50');
    expect(range.response.numFound).toBeGreaterThan(0);
    for (const id of ids(range).slice(0, 5)) {
      expect(id.startsWith('85')).toBe(true);
      const mfn = (await get(`/api/lookup/codes/${id}/`)).dutyRates.find((rate: { schedule: string }) => rate.schedule === 'MFN');
      expect(mfn.percent).toBeGreaterThanOrEqual(10);
      expect(mfn.percent).toBeLessThanOrEqual(20);
    }
  });

  it('leaves the made-up decisions and certificates out beside the real tariff', async () => {
    expect((await search('q=&mode=classification')).response.numFound).toBe(0);
    expect((await get('/api/lookup/co/?q=')).response.numFound).toBe(0);
  });

  it('shows a line\'s specialised procedures with their legal references', async () => {
    const page = await get('/api/lookup/codes/01012100/');
    expect(page.procedures).toContainEqual({ name: 'Động vật, sản phẩm động vật trên cạn phải kiểm dịch', reference: '01/2024/TT-BNNPTNT M1' });
    expect(page.ancestors.map((line: { id: string }) => line.id)).toEqual(['I', '01', '0101', '0101~1']);
  });
});
