import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { settledJobs } from '../jobs/leases.js';
import { setAdministrator } from '../reports-bi/admin-cli.js';
import { workbookBytes } from '../spreadsheets/write.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/** A few lines of chapter 84 and 94 in Dutybook's format: refrigerators, freezers, refrigerated show-cases and cabinets. */
const tariff = [
  'code,description,en_description',
  'XVI,Máy và thiết bị cơ khí; thiết bị điện,Machinery and mechanical appliances; electrical equipment',
  '84,"Lò phản ứng hạt nhân, nồi hơi, máy và thiết bị cơ khí","Nuclear reactors, boilers, machinery and mechanical appliances"',
  '8418,"Tủ lạnh, tủ kết đông và thiết bị làm lạnh khác","Refrigerators, freezers and other refrigerating equipment"',
  '84181031,"Tủ lạnh loại gia dụng, dung tích không quá 230 lít","Household refrigerators, of a capacity not exceeding 230 l"',
  '84183010,"Tủ kết đông loại cửa trên, dung tích không quá 200 lít","Chest freezers, of a capacity not exceeding 200 l"',
  '84185019,"Quầy hàng, tủ bày hàng có lắp thiết bị làm lạnh",Display counters and show-cases incorporating refrigerating equipment',
  'XX,Các mặt hàng khác,Miscellaneous manufactured articles',
  '94,Đồ nội thất,Furniture',
  '9403,Đồ nội thất khác,Other furniture',
  '94033000,Tủ bằng gỗ dùng trong văn phòng,Wooden office cabinets',
].join('\n');
const showCase = '84185019';

/** Synonyms and Korean product names an administrator loads: the search reads them beside the shipped tables. */
describe('synonyms and Korean product names loaded by an administrator', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  const tokens: Record<string, string> = {};

  const load = async (who: string, fields: Record<string, string>, name: string, content: string | Buffer) => {
    const { payload, headers } = multipart(fields, { name, content: Buffer.from(content) });
    return t.app.inject({ method: 'POST', url: '/api/admin/lookup-loads/', payload, headers: { ...headers, authorization: `Bearer ${tokens[who]}` } });
  };
  /** Loads a file as the administrator and answers the finished load. */
  const loaded = async (kind: string, name: string, content: string | Buffer, fields: Record<string, string> = {}) => {
    const queued = await load('admin', { kind, ...fields }, name, content);
    expect(queued.statusCode, queued.body).toBe(202);
    await settledJobs();
    return (await t.app.inject({ method: 'GET', url: `/api/admin/lookup-loads/${queued.json().id}/`, headers: { authorization: `Bearer ${tokens.admin}` } })).json();
  };
  const search = async (q: string) => {
    const answer = (await t.app.inject({ method: 'GET', url: `/api/lookup/search/?${new URLSearchParams({ q })}` })).json();
    return { ids: answer.response.docs.map((doc: { id: string }) => doc.id) as string[], query: answer.query };
  };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    for (const name of ['admin', 'member']) {
      const email = `${name}@terms.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Cold-Cabinet-5523', name } });
      tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    }
    await setAdministrator(runner(t.database), 'grant', 'admin@terms.vn');
    expect((await loaded('tariff', 'tariff.csv', tariff, { year: '2025' })).status).toBe('succeeded');
  });
  afterAll(async () => { await t.close(); });

  it('finds a refrigerated show-case first for "tủ mát" once a synonym names its wording, and forgets it when a load leaves it out', async () => {
    // Asked twice: the second answer is a kept one, which the load must drop.
    const before = await search('tủ mát');
    expect(before.ids[0]).not.toBe(showCase);
    expect((await search('tủ mát')).ids).toEqual(before.ids);

    const done = await loaded('synonyms', 'synonyms.csv', 'names,wordings\n"tủ mát, tủ trưng bày lạnh",tủ bày hàng có lắp thiết bị làm lạnh\n');
    expect(done).toMatchObject({ kind: 'synonyms', year: null, status: 'succeeded', rows_read: 1, rows: 1 });
    expect((await search('tủ mát')).ids).toEqual([showCase]);
    expect((await search('tu trung bay lanh')).ids[0]).toBe(showCase);
    // The shipped table still holds: a loaded set adds to it. The line that names household refrigerators comes before
    // its heading, which names them as much.
    expect((await search('fridge')).ids.slice(0, 2)).toEqual(['84181031', '8418']);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-events/?action=lookup_load_started', headers: { authorization: `Bearer ${tokens.admin}` } })).json();
    expect(audit.results[0]).toMatchObject({ subject: 'synonyms.csv', details: { kind: 'synonyms', year: null } });

    // A name given again takes the loaded wordings alone; the load replaces the previous set, "tủ mát" with it.
    await loaded('synonyms', 'fridge.csv', 'names,wordings\nfridge,show-cases\n');
    expect((await search('fridge')).ids).toEqual([showCase]);
    expect((await search('tủ mát')).ids).toEqual(before.ids);
  });

  it('reaches a code from a Korean product name once loaded from a workbook, and a name given again takes the loaded codes', async () => {
    expect((await search('쇼케이스')).ids).toEqual([]);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Terms').addRows([['term', 'codes', 'en'], ['쇼케이스', '8418.50.19', 'show-cases'], ['냉장고', '84181031 8418', 'refrigerators']]);
    const done = await loaded('korean_terms', 'ko-terms.xlsx', await workbookBytes(workbook));
    expect(done).toMatchObject({ kind: 'korean_terms', status: 'succeeded', rows: 2 });
    const found = await search('쇼케이스를');
    expect(found.ids[0]).toBe(showCase);
    expect(found.query.koreanTerms).toEqual([{ term: '쇼케이스', codes: [showCase] }]);
    // The shipped name gave the heading first; the loaded one puts the household line first.
    expect((await search('냉장고')).ids.slice(0, 2)).toEqual(['84181031', '8418']);
  });

  it('ends a file that cannot be read as failed, with the row and why, and leaves the loaded set as it was', async () => {
    const missing = await loaded('synonyms', 'names.csv', 'names\ntủ mát\n');
    expect(missing).toMatchObject({ status: 'failed', failure: { code: 'missing_columns', values: { columns: 'wordings' } } });
    const noWording = await loaded('synonyms', 'half.csv', 'names,wordings\ntủ mát,tủ bày hàng\nfridge,\n');
    expect(noWording).toMatchObject({ status: 'failed', error: 'half.csv, row 3: a synonym needs at least one name and one wording.', failure: { code: 'bad_synonym', values: { row: 3 } } });
    const badCode = await loaded('korean_terms', 'codes.csv', 'term,codes\n진열장,94033000\n쇼케이스,8418.5\n');
    expect(badCode).toMatchObject({ status: 'failed', failure: { code: 'bad_term_code', values: { row: 3, value: '84185' } } });
    const english = await loaded('korean_terms', 'english.csv', 'term,codes\nshowcase,84185019\n');
    expect(english).toMatchObject({ status: 'failed', failure: { code: 'not_korean', values: { row: 2, value: 'showcase' } } });
    // The first row of each refused file is not in effect; the last loaded sets are.
    expect((await search('fridge')).ids).toEqual([showCase]);
    expect((await search('tủ mát')).ids[0]).not.toBe(showCase);
    expect((await search('진열장')).ids).toEqual([]);
    expect((await search('쇼케이스')).ids[0]).toBe(showCase);
  });

  it('answers 404 to a member who is not a platform administrator, and loads nothing', async () => {
    const refused = await load('member', { kind: 'synonyms' }, 'synonyms.csv', 'names,wordings\ntủ mát,tủ bày hàng\n');
    expect(refused.statusCode).toBe(404);
    await settledJobs();
    expect((await search('tủ mát')).ids[0]).not.toBe(showCase);
  });
});
