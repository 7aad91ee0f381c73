import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { importLookupFile } from './import-lookup-file.js';

const hsDir = path.resolve('../shared/data/harmonized-system');
const hsFile = path.join(hsDir, 'harmonized-system.csv');
const hasHsData = fs.existsSync(hsFile);
if (!hasHsData) console.warn(`Skipping the real HS file tests: ${hsFile} is absent (it lives beside the repository on development machines and in CI).`);

describe('lookup import', () => {
  let t: TestApp;
  let dir: string;
  const write = (name: string, text: string) => { const file = path.join(dir, name); fs.writeFileSync(file, text); return file; };
  const search = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/lookup/search/?${query}` })).json();

  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-import-'));
  });
  afterAll(async () => { await t.close(); fs.rmSync(dir, { recursive: true, force: true }); });

  it('loads the wide trilingual format, deriving parents, and replaces the year on re-import', async () => {
    const file = write('tariff.csv', [
      'code,description,en_description,ko_description,unit_of_quantity,notes',
      'II,Các sản phẩm thực vật,Vegetable products,식물성 생산품,,',
      '09,"Cà phê, chè",Coffee and tea,커피와 차,,"Ghi chú: ""cà phê"" gồm cả vỏ"',
      '0901,Cà phê,Coffee,커피,,',
      '09011110,Cà phê nhân,Green coffee,생두,kg,',
    ].join('\n'));
    expect(await importLookupFile({ database: t.database, kind: 'tariff', year: 2022, file })).toBe(4);
    const tree = await t.app.inject({ method: 'GET', url: '/api/lookup/codes/09011110/?year=2022' });
    expect(tree.json().ancestors.map((a: { id: string }) => a.id)).toEqual(['II', '09', '0901']);
    expect((await search('q=ca%20phe%20nhan&year=2022')).response.docs[0].id).toBe('09011110');

    await expect(importLookupFile({ database: t.database, kind: 'tariff', year: 2022, file: write('bad.csv', 'code,description\n0901,ok\n09x1,bad\n') }))
      .rejects.toThrow(/row 3/);
    expect((await search('q=&year=2022')).response.numFound).toBe(4);

    await importLookupFile({ database: t.database, kind: 'tariff', year: 2022, file: write('small.csv', 'code,en_description\n01,Live animals\n') });
    expect((await search('q=&year=2022')).response.numFound).toBe(1);
  });

  it('loads decisions, regulations, origin rules and CO records', async () => {
    expect(await importLookupFile({ database: t.database, kind: 'decisions', year: 2022, file: write('d.csv', 'doc_no,doc_date,hs,product_name,product_properties\n1/TB,14/02/2022,0901.11.10,Cà phê nhân,Chưa rang\n') })).toBe(1);
    expect((await search('q=chua%20rang&mode=classification&year=2022')).response.docs[0]).toMatchObject({ doc_no: '1/TB', doc_date: '2022-02-14', hs: '09011110' });
    expect(await importLookupFile({ database: t.database, kind: 'regulations', year: 2022, file: write('r.csv', 'doc_no,title,codes\n31/2022/TT-BTC,Danh mục,01 09\n') })).toBe(1);
    expect(await importLookupFile({ database: t.database, kind: 'origin', year: 2022, file: write('o.csv', 'hs,ak,atiga,ev\n01,WO,WO,\n') })).toBe(2);
    expect(await importLookupFile({ database: t.database, kind: 'co', year: 2022, file: write('c.csv', 'reference_no,form,issue_date,hs\nVN-1,AK,2022-01-02,0901\n') })).toBe(1);
    const page = (await t.app.inject({ method: 'GET', url: '/api/lookup/codes/01/?year=2022' })).json();
    expect(page.regulations.map((r: { doc_no: string }) => r.doc_no)).toEqual(['31/2022/TT-BTC']);
    expect(page.originRules.filter((r: { rule: string | null }) => r.rule).map((r: { agreement: string }) => r.agreement)).toEqual(['AK', 'ATIGA']);
  });

  describe.skipIf(!hasHsData)('the real HS 2022 file', () => {
    it('imports every line and finds horses under 0101 on the first page; 0101 is a code lookup', async () => {
      const count = await importLookupFile({ database: t.database, kind: 'tariff', year: 2023, file: hsFile });
      expect(count).toBe(6940 - 4 + 21);
      const horses = await search('q=horses&year=2023&lang=en');
      expect(horses.response.docs.map((d: { id: string }) => d.id)).toContain('0101');
      expect(horses.highlighting['0101'].en_description[0]).toContain('<em>Horses</em>');
      const code = await search('q=0101&year=2023&lang=en');
      expect(code.query).toMatchObject({ kind: 'code', code: '01.01' });
      expect(code.response.docs[0]).toMatchObject({ id: '0101', hs: '01.01', _nest_parent_: '01', section: 'I' });
      const sections = (await t.app.inject({ method: 'GET', url: '/api/lookup/tree/?year=2023' })).json().nodes;
      expect(sections).toHaveLength(21);
    });
  });
});
