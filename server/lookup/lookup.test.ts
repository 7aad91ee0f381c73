import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { replaceTariffYear } from './replace-lookup-data.js';
import { lookupSeeder } from './seed-lookup.js';
import { runner } from './sql.js';

describe('public tariff lookup API', () => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  const search = async (query: string) => (await get(`/api/lookup/search/?${query}`)).body;
  const ids = (answer: { response: { docs: Array<{ id: string }> } }) => answer.response.docs.map((doc) => doc.id);

  beforeAll(async () => {
    t = await createTestApp();
    await lookupSeeder('demo').run(t.database);
    // Fixed lines for ranking: the phrase in notes and description outweighs scattered words.
    await replaceTariffYear({
      database: t.database, year: 2020, lines: [
        { id: 'I', parentId: null, section: 'I', description: 'Động vật sống', enDescription: 'Live animals' },
        { id: '01', parentId: 'I', section: 'I', enDescription: 'Wild horse and other', enNotes: 'Covers the wild horse; the wild horse is' },
        { id: '0101', parentId: '01', section: 'I', enDescription: 'Horse, wild or tame' },
        { id: '0102', parentId: '01', section: 'I', enDescription: 'Wild horse of the steppe', enNotes: '<script>alert(1)</script> horse' },
        { id: '0103', parentId: '01', section: 'I', description: 'Cà phê đen <b>đặc</b>', enDescription: 'Strong black coffee' },
      ],
    });
  });
  afterAll(async () => t.close());

  it('answers the search shape with 8 rows a page and the total', async () => {
    const answer = await search('q=&lang=en');
    expect(answer.response.numFound).toBe(47);
    expect(answer.response.docs).toHaveLength(8);
    expect(answer.response.start).toBe(0);
    expect(answer.highlighting).toEqual({});
    const page2 = await search('q=&lang=en&page=2');
    expect(page2.response.start).toBe(8);
    expect(ids(page2)).not.toContain(ids(answer)[0]);
  });

  it('gives the total with a page past the last match, and pages typo-tolerant matches too', async () => {
    const past = await search('q=horse&year=2020&lang=en&page=3');
    expect(past.response).toEqual({ numFound: 3, start: 16, docs: [] });
    const first = await search('q=horsse&year=2020&lang=en&rows=1');
    const second = await search('q=horsse&year=2020&lang=en&rows=1&page=2');
    expect(first.query.fuzzy).toBe(true);
    expect(second.query.fuzzy).toBe(true);
    expect(second.response.numFound).toBe(first.response.numFound);
    expect(first.response.numFound).toBeGreaterThan(1);
    expect(ids(second)).toHaveLength(1);
    expect(ids(second)).not.toEqual(ids(first));
  });

  it('answers JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/lookup/search/?q=horse&year=2020&lang=en' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(response.body)).toEqual((await search('q=horse&year=2020&lang=en')));
    const tree = await t.app.inject({ method: 'GET', url: '/api/lookup/tree/?year=2020' });
    expect(tree.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(tree.json().nodes.map((node: { id: string }) => node.id)).toEqual(['I']);
  });

  it('reads stored years 2017–2023 and anything else as 2025', async () => {
    expect((await search('q=horses&year=2016&lang=en')).query.year).toBe(2025);
    expect((await search('q=horse&year=2020&lang=en')).query.year).toBe(2020);
  });

  it('ranks a line naming the words side by side above one holding them apart, and lines above the chapter holding them', async () => {
    const answer = await search('q=wild%20horse&year=2020&lang=en');
    // Fewer lines than a page hold both words: those holding one of them follow.
    expect(ids(answer).slice(0, 3)).toEqual(['0102', '0101', '01']);
    expect(ids(answer).slice(3).length).toBeGreaterThan(0);
    expect(answer.query.match).toBe('all');
    expect(ids(await search('q=horse&year=2020&lang=en')).at(-1)).toBe('01');
    expect(ids(await search('q=horse&year=2020&lang=en&exact=1')).at(-1)).toBe('01');
  });

  it('escapes HTML before marking matches', async () => {
    const answer = await search('q=horse&year=2020&lang=en');
    expect(answer.highlighting['0102'].en_notes).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt; <em>horse</em>']);
    expect(answer.highlighting['0101'].en_description).toEqual(['<em>Horse</em>, wild or tame']);
    const vi = await search('q=dac&year=2020&lang=vi');
    expect(vi.highlighting['0103'].description).toEqual(['Cà phê đen &lt;b&gt;<em>đặc</em>&lt;/b&gt;']);
  });

  it('keeps a line\'s accents where they stand, and computes the stored years\' columns again after a migration asks', async () => {
    const run = runner(t.database);
    // 0103 is under 01, whose text has no Vietnamese; the heading 0101 gets some to be read by a line under it.
    await replaceTariffYear({
      database: t.database, year: 2019, lines: [
        { id: '0101', parentId: null, section: 'I', description: 'Tủ kết đông', enDescription: 'Freezers' },
        { id: '01011000', parentId: '0101', section: 'I', description: '- Loại cửa trên', enDescription: '- Chest type' },
      ],
    });
    const accents = async () => (await run<{ id: string; own: boolean; ancestors: boolean }>(`SELECT id,
      accent_tsv @@ 'tủ:A'::tsquery AS own, accent_tsv @@ 'tủ:B'::tsquery AS ancestors FROM lookup_tariff_line WHERE year = 2019 ORDER BY id`));
    expect(await accents()).toEqual([{ id: '0101', own: true, ancestors: false }, { id: '01011000', own: false, ancestors: true }]);
    // A migration that changes the columns leaves a row; the seeder computes them again and removes it.
    await run(`UPDATE lookup_tariff_line SET accent_tsv = ''::tsvector WHERE year = 2019`);
    await run(`INSERT INTO lookup_search_recompute (reason) VALUES ('test') ON CONFLICT DO NOTHING`);
    await lookupSeeder('demo').run(t.database);
    expect(await accents()).toEqual([{ id: '0101', own: true, ancestors: false }, { id: '01011000', own: false, ancestors: true }]);
    expect(await run('SELECT reason FROM lookup_search_recompute')).toEqual([]);
    await run('DELETE FROM lookup_tariff_line WHERE year = 2019');
    await run('DELETE FROM lookup_tariff_source WHERE year = 2019');
  });

  it('finds accented Vietnamese without accents, and đ as d', async () => {
    const answer = await search('q=ca%20phe%20rang&lang=vi');
    expect(ids(answer)).toContain('090121');
    expect(answer.highlighting['090121'].description[0]).toBe('- - <em>Cà</em> <em>phê</em> đã <em>rang</em>, chưa khử chất caffeine');
    // The subheading naming the product comes before the heading that names it after `kể cả` (including).
    expect(ids(await search('q=dien%20thoai%20thong%20minh&lang=vi')).slice(0, 3)).toEqual(['851713', '85171300', '8517']);
  });

  it('searches every language whatever the interface language, and marks the matches in the language that has them', async () => {
    const english = await search('q=smartphones&lang=vi');
    expect(ids(english).slice(0, 3)).toEqual(['851713', '85171300', '8517']);
    expect(ids(await search('q=smartphones&lang=en'))).toEqual(ids(english));
    // The synonym table gives the Vietnamese wording of smartphones, which is marked too.
    expect(english.highlighting['85171300']).toEqual({ en_description: ['- - <em>Smartphones</em>'], description: ['- - <em>Điện thoại thông minh</em>'] });
    const vietnamese = await search('q=ca%20phe%20rang&lang=en');
    expect(ids(vietnamese)).toContain('090121');
    expect(Object.keys(vietnamese.highlighting['090121'])).toEqual(['description']);
    expect(ids(await search('q=%EC%8A%A4%EB%A7%88%ED%8A%B8%ED%8F%B0&lang=en'))).toContain('85171300');
  });

  it('filters by chapter, and by the rate of a schedule', async () => {
    const chapter = await search('q=&chapter=09&rows=100');
    expect(ids(chapter).length).toBeGreaterThan(0);
    expect(ids(chapter).every((id: string) => id.startsWith('09'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/lookup/search/?chapter=9' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/lookup/search/?schedule=XX' })).statusCode).toBe(400);
  });

  it('still finds a word with a small typo', async () => {
    const answer = await search('q=smartphnes&lang=en');
    expect(answer.query.fuzzy).toBe(true);
    expect(ids(answer)).toContain('85171300');
  });

  it('matches a quoted phrase in exact mode only as a whole', async () => {
    expect(ids(await search('q=roasted%20coffee&lang=en&rows=50'))).toContain('090121');
    expect(ids(await search('q=roasted%20coffee&lang=en&exact=1'))).toEqual([]);
    // The lines under it are found through its words too, after it.
    const exact = ids(await search('q=coffee%2C%20roasted&lang=en&exact=1'));
    expect(exact[0]).toBe('090121');
    expect(exact.every((id: string) => id.startsWith('090121'))).toBe(true);
  });

  it('treats digits and roman numerals as a code lookup, formatting the code and keeping leading zeros', async () => {
    const code = await search('q=0101&lang=en');
    expect(code.query).toMatchObject({ kind: 'code', code: '01.01' });
    expect(ids(code)[0]).toBe('0101');
    expect(ids(code).every((id: string) => id.startsWith('0101'))).toBe(true);
    expect((await search('q=0101.21&lang=en')).query.code).toBe('0101.21');
    expect(ids(await search('q=xvi&lang=en'))).toEqual(['XVI', '85']);
  });

  it('searches classification decisions by product name, properties and code', async () => {
    const byName = await search('q=ca%20phe%20nhan&mode=classification&lang=vi');
    expect(byName.response.docs[0].doc_no).toBe('DEMO-101/TB-TCHQ');
    expect(byName.highlighting[byName.response.docs[0].id].product_name[0]).toContain('<em>Cà phê nhân</em>');
    const byCode = await search('q=8517&mode=classification&lang=en');
    expect(byCode.response.docs.map((d: { hs: string }) => d.hs).sort()).toEqual(['85171300', '85176221']);
    const decision = await get(`/api/lookup/decisions/${byName.response.docs[0].id}/`);
    expect(decision.body.line.hs).toBe('0901.11.10');
    expect((await get('/api/lookup/decisions/?hs=0901')).body.response.numFound).toBe(2);
  });

  it('ranks classification decisions by relevance: names side by side, not words scattered through the properties', async () => {
    // The smartphone decision holds `điều` (hệ điều hành) and `hòa` nowhere side by side.
    expect(ids(await search(`q=${encodeURIComponent('điều hòa')}&mode=classification`))).toEqual([]);
    const phone = await search(`q=${encodeURIComponent('điện thoại di động')}&mode=classification`);
    expect(phone.response.docs[0].doc_no).toBe('DEMO-103/TB-TCHQ');
    const korean = await search(`q=${encodeURIComponent('커피')}&mode=classification`);
    expect(korean.response.docs.map((doc: { hs: string }) => doc.hs).sort()).toEqual(['09011110', '09012120']);
    // No decision holds both words: those holding most of them are listed.
    const some = await search('q=robusta%20smartphone&mode=classification');
    expect(some.query.match).toBe('some');
    expect(some.response.docs.map((doc: { hs: string }) => doc.hs).sort()).toEqual(['09011110', '09012120', '85171300']);
  });

  it('browses the tree: sections, chapters, headings, then a heading’s whole subtree', async () => {
    const sections = (await get('/api/lookup/tree/')).body.nodes;
    expect(sections.map((n: { id: string }) => n.id)).toEqual(['I', 'II', 'XVI']);
    expect((await get('/api/lookup/tree/?parent=I')).body.nodes.map((n: { id: string }) => n.id)).toEqual(['01']);
    expect((await get('/api/lookup/tree/?parent=01')).body.nodes.map((n: { id: string }) => n.id)).toEqual(['0101', '0102']);
    const subtree = (await get('/api/lookup/tree/?parent=0101')).body.nodes;
    expect(subtree[0]).toMatchObject({ id: '010121', hs: '0101.21', has_children: true });
    expect(subtree[1]).toMatchObject({ id: '01012100', hs: '0101.21.00', unit_of_quantity: 'con', has_children: false });
    expect((await get('/api/lookup/tree/?parent=abc')).status).toBe(400);
  });

  it('serves a code page with ancestors, children, origin rules, regulations and decisions', async () => {
    const { status, body } = await get('/api/lookup/codes/09011110/');
    expect(status).toBe(200);
    expect(body.doc.hs).toBe('0901.11.10');
    expect(body.ancestors.map((a: { id: string }) => a.id)).toEqual(['II', '09', '0901', '090111']);
    expect(body.originRules).toHaveLength(15);
    expect(body.originRules.find((r: { agreement: string }) => r.agreement === 'ATIGA')).toEqual({ agreement: 'ATIGA', hs: '0901', rule: 'RVC(40) or CTH' });
    expect(body.originRules.find((r: { agreement: string }) => r.agreement === 'EV').rule).toBeNull();
    expect(body.regulations.map((r: { doc_no: string }) => r.doc_no)).toContain('14/2015/TT-BTC');
    expect(body.decisions.map((d: { doc_no: string }) => d.doc_no)).toEqual(['DEMO-101/TB-TCHQ']);
    expect(body.years).toEqual([2025]);
    expect((await get('/api/lookup/codes/0101/')).body.children.map((c: { id: string }) => c.id)).toEqual(['010121', '010129', '010130', '010190']);
    expect((await get('/api/lookup/codes/99999999/')).status).toBe(404);
    expect((await get('/api/lookup/codes/not-a-code/')).body.code).toBe('not_found');
  });

  it('serves regulations by id and by code', async () => {
    const byCode = (await get('/api/lookup/regulations/?hs=85171300')).body.regulations;
    expect(byCode.map((r: { doc_no: string }) => r.doc_no).sort()).toEqual(['14/2015/TT-BTC', '26/2023/NĐ-CP', '31/2022/TT-BTC']);
    const page = (await get(`/api/lookup/regulations/${byCode[0].id}/`)).body;
    expect(page.regulation.id).toBe(byCode[0].id);
    expect(page.lines.length).toBeGreaterThan(0);
    expect((await get('/api/lookup/regulations/99999/')).status).toBe(404);
  });

  it('searches certificate-of-origin records with wildcards', async () => {
    expect((await get('/api/lookup/co/?q=DEMO-VN-KR*')).body.response.numFound).toBe(2);
    expect((await get('/api/lookup/co/?q=DEMO-VN-??-25-002*')).body.response.docs.map((d: { form: string }) => d.form)).toEqual(['VJ']);
    expect((await get('/api/lookup/co/?q=8517*%20kr')).body.response.numFound).toBe(2);
    expect((await get('/api/lookup/co/?q=100%25')).body.response.numFound).toBe(0);
  });

  it('lists the years that hold data, with the languages their descriptions are written in', async () => {
    const answer = (await get('/api/lookup/years/')).body;
    expect(answer.years).toEqual([2025, 2020]);
    // The 2020 lines here have no Korean text: a search of 2020 must not say it searched Korean.
    expect(answer.editions).toEqual([
      { year: 2025, languages: ['en', 'vi', 'ko'], source: { origin: 'demonstration', loaded_at: expect.any(String) } },
      { year: 2020, languages: ['en', 'vi'], source: null },
    ]);
    // The demonstration decisions and certificates are counted, so the screens know they can be searched.
    expect(answer.held.decisions).toBeGreaterThan(0);
    expect(answer.held.co_records).toBeGreaterThan(0);
  });

  it('keeps answers until data changes, also when another process imports', async () => {
    expect((await search('q=zebras&lang=en&year=2021')).response.numFound).toBe(0);
    // What an import in another server process does: new lines and a bumped data version, without this process knowing.
    await runner(t.database)(`INSERT INTO lookup_tariff_line (year, id, hs, level, parent_id, section, position, en_description)
      VALUES (2021, '0106', '01.06', 4, null, 'I', 1, 'Other live animals: zebras')`);
    await runner(t.database)('UPDATE lookup_data_version SET version = version + 1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await search('q=zebras&lang=en&year=2021')).response.numFound).toBe(1);
  });
});
