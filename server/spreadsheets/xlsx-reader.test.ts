import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import type { SheetRow } from '../../common/imports/coerce.js';
import { isDateFormat, openXlsx, type ReadMeter, xmlText } from './xlsx-reader.js';
import { openZip } from './zip.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const limits = { rows: 1_000_000, columns: 500 };
const relationship = (kind: string) => `http://schemas.openxmlformats.org/officeDocument/2006/relationships/${kind}`;

/** A workbook written part by part, as the writers in the wild do it (prefixes, odd paths and all). */
async function workbookFile(name: string, parts: Record<string, string>): Promise<string> {
  const zip = new JSZip();
  for (const [part, text] of Object.entries(parts)) zip.file(part, text);
  const file = path.join(dir, name);
  fs.writeFileSync(file, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return file;
}

async function rowsOf(file: string, sheet: string, fromRow = 1, meter?: ReadMeter): Promise<SheetRow[]> {
  const workbook = await openXlsx(file);
  const rows: SheetRow[] = [];
  for await (const row of workbook.rows(sheet, { fromRow, limits, ...(meter ? { meter } : {}) })) rows.push(row);
  return rows;
}

const standardParts = (sheetXml: string, extra: Record<string, string> = {}) => ({
  '_rels/.rels': `<Relationships><Relationship Id="rId1" Type="${relationship('officeDocument')}" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': '<workbook><workbookPr/><sheets><sheet name="Tờ khai" sheetId="1" r:id="rId1"/><sheet name="Chart" sheetId="2" r:id="rId4"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels': `<Relationships>
    <Relationship Id="rId1" Type="${relationship('worksheet')}" Target="worksheets/sheet1.xml"/>
    <Relationship Id="rId2" Type="${relationship('sharedStrings')}" Target="sharedStrings.xml"/>
    <Relationship Id="rId3" Type="${relationship('styles')}" Target="styles.xml"/>
    <Relationship Id="rId4" Type="${relationship('chartsheet')}" Target="chartsheets/sheet1.xml"/></Relationships>`,
  'xl/sharedStrings.xml': `<sst><si><t>Số tờ khai</t></si><si><r><rPr><b/></rPr><t>Ngày </t></r><r><t xml:space="preserve">đăng ký</t></r><rPh><t>ふりがな</t></rPh></si>
    <si><t>A &amp; B_x000D_
C</t></si><si/></sst>`,
  'xl/styles.xml': `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="#,##0.00 &quot;đ&quot;"/></numFmts>
    <cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`,
  'xl/worksheets/sheet1.xml': sheetXml,
  'xl/chartsheets/sheet1.xml': '<chartsheet/>',
  ...extra,
});

describe('the .xlsx reader', () => {
  it('reads shared, rich and inline strings, numbers, dates by style, booleans, errors and formulas', async () => {
    const file = await workbookFile('kinds.xlsx', standardParts(`<worksheet><dimension ref="A1:H3"/><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>
      <row r="2"><c r="A2"><v>107808761432</v></c><c r="B2" s="1"><v>45658</v></c><c r="C2" s="2"><v>45659.5</v></c><c r="D2" s="3"><v>1500.5</v></c>
        <c r="E2" t="b"><v>1</v></c><c r="F2" t="e"><v>#N/A</v></c><c r="G2"><f>SUM(A1:A2)</f></c><c r="H2" t="str"><f>A1</f><v>x &lt; y</v></c></row>
      <row r="3"><c r="B3" t="inlineStr"><is><t><![CDATA[<b>&]]></t></is></c><c r="C3" t="d"><v>2025-03-04T00:00:00Z</v></c><c r="E3" s="2"/></row>
    </sheetData></worksheet>`));
    const workbook = await openXlsx(file);
    expect(workbook.sheetNames).toEqual(['Tờ khai']);
    expect(await rowsOf(file, 'Tờ khai')).toEqual([
      { row: 1, cells: ['Số tờ khai', 'Ngày đăng ký', 'A & B\r\nC', ''] },
      { row: 2, cells: [107808761432, { date: '2025-01-01T00:00:00.000Z' }, { date: '2025-01-02T12:00:00.000Z' }, 1500.5, true, { error: '#N/A' }, { formulaWithoutValue: true }, 'x < y'] },
      { row: 3, cells: [null, '<b>&', { date: '2025-03-04T00:00:00.000Z' }] },
    ]);
  });

  it('reads namespaced parts, cells and rows without references, backslash paths and the 1904 date system', async () => {
    const file = await workbookFile('odd.xlsx', {
      '_rels\\.rels': `<Relationships xmlns="x"><Relationship Id="r" Type="${relationship('officeDocument')}" Target="/book/main.xml"/></Relationships>`,
      'book/main.xml': '<x:workbook xmlns:x="s"><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Data" r:id="s1"/></x:sheets></x:workbook>',
      'book/_rels/main.xml.rels': `<Relationships><Relationship Id="s1" Type="${relationship('worksheet')}" Target="../sheets/data.xml"/>
        <Relationship Id="s2" Type="${relationship('styles')}" Target="look.xml"/></Relationships>`,
      'book/look.xml': '<x:styleSheet><x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="15"/></x:cellXfs></x:styleSheet>',
      'sheets/data.xml': `<x:worksheet><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:r><x:t>Mã</x:t></x:r><x:r><x:t> hàng</x:t></x:r></x:is></x:c><x:c><x:v>7</x:v></x:c></x:row>
        <x:row><x:c r="C2" s="1"><x:v>0</x:v></x:c></x:row><x:row r="9"><x:c><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    expect(await rowsOf(file, 'Data')).toEqual([
      { row: 1, cells: ['Mã hàng', 7] },
      { row: 2, cells: [null, null, { date: '1904-01-01T00:00:00.000Z' }] },
      { row: 9, cells: [1] },
    ]);
  });

  it('starts at the asked row, follows its progress, and stops at the column limit', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c><c r="B${i + 1}" t="inlineStr"><is><t>dòng ${i}</t></is></c></row>`).join('');
    const file = await workbookFile('long.xlsx', standardParts(`<worksheet><dimension ref="A1:B3000"/><sheetData>${rows}</sheetData></worksheet>`));
    const meter: ReadMeter = { declaredRows: null, fraction: 0 };
    const read = await rowsOf(file, 'Tờ khai', 3, meter);
    expect(read).toHaveLength(2998);
    expect(read[0]).toEqual({ row: 3, cells: [2, 'dòng 2'] });
    expect(read.at(-1)).toEqual({ row: 3000, cells: [2999, 'dòng 2999'] });
    expect(meter).toEqual({ declaredRows: 2998, fraction: 1 });

    const wide = await workbookFile('wide.xlsx', standardParts('<worksheet><sheetData><row r="1"><c r="ZZ1"><v>1</v></c></row></sheetData></worksheet>'));
    await expect(rowsOf(wide, 'Tờ khai')).rejects.toMatchObject({ reason: 'too_many_columns' });
    await expect(rowsOf(file, 'Không có')).rejects.toMatchObject({ reason: 'corrupt' });
  });

  it('reads what exceljs writes, the way exceljs reads it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lines');
    sheet.addRow(['Số tờ khai', 'Ngày', 'Lượng', 'Ghi chú']);
    sheet.addRow(['0107808761432', new Date(Date.UTC(2025, 0, 15)), 1234.5, 'có "ngoặc" & <thẻ>']);
    sheet.getCell('B2').numFmt = 'dd/mm/yyyy';
    const file = path.join(dir, 'exceljs.xlsx');
    await workbook.xlsx.writeFile(file);
    expect(await rowsOf(file, 'Lines')).toEqual([
      { row: 1, cells: ['Số tờ khai', 'Ngày', 'Lượng', 'Ghi chú'] },
      { row: 2, cells: ['0107808761432', { date: '2025-01-15T00:00:00.000Z' }, 1234.5, 'có "ngoặc" & <thẻ>'] },
    ]);
  });

  it('tells date formats from number formats, and decodes XML text once', () => {
    expect(['dd/mm/yyyy', 'yyyy-mm-dd hh:mm', '[$-409]d-mmm-yy', 'mm:ss'].every(isDateFormat)).toBe(true);
    expect(['General', '#,##0.00', '0%', '#,##0 "ngày"', '[Red]#,##0', '0.00E+00', '@'].some(isDateFormat)).toBe(false);
    expect(xmlText('&amp;lt; &#273;&#x1EC5; a_x0009_b')).toBe('&lt; đễ a\tb');
  });

  it('reads stored and deflated parts, and stops a part that inflates past its declared size', async () => {
    const zip = new JSZip();
    zip.file('deflated.xml', 'x'.repeat(100_000), { compression: 'DEFLATE' });
    zip.file('stored.xml', 'as it is', { compression: 'STORE' });
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const file = path.join(dir, 'parts.zip');
    fs.writeFileSync(file, bytes);
    const archive = await openZip(file);
    const [deflated, stored] = ['deflated.xml', 'stored.xml'].map((name) => archive.entries.find((entry) => entry.name === name)!);
    expect((await archive.read(deflated!)).toString()).toBe('x'.repeat(100_000));
    expect((await archive.read(stored!)).toString()).toBe('as it is');

    // The same archive whose directory says the deflated part is only 1,000 bytes.
    const lying = Buffer.from(bytes);
    const directoryEntry = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(1000, directoryEntry + 24);
    fs.writeFileSync(file, lying);
    const patched = await openZip(file);
    const small = patched.entries.find((entry) => entry.name === 'deflated.xml')!;
    expect(small.uncompressed).toBe(1000);
    await expect(patched.read(small)).rejects.toMatchObject({ reason: 'zip_bomb' });
    await expect((async () => { for await (const _chunk of patched.stream(small)); })()).rejects.toMatchObject({ reason: 'zip_bomb' });
  });
  it('streams shared strings across chunks, and refuses text past its limit before holding it', async () => {
    const items = Array.from({ length: 30_000 }, (_, i) => (i === 15_000 ? '<x:si/>' : `<x:si><x:t>Mặt hàng số ${i}</x:t></x:si>`)).join('');
    const sheet = '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>15000</v></c><c r="C1" t="s"><v>29999</v></c></row></sheetData></worksheet>';
    const many = await workbookFile('many-strings.xlsx', standardParts(sheet, { 'xl/sharedStrings.xml': `<x:sst>${items}</x:sst>` }));
    expect(fs.statSync(many).size).toBeLessThan(256 * 1024);
    expect(await rowsOf(many, 'Tờ khai')).toEqual([{ row: 1, cells: ['Mặt hàng số 0', '', 'Mặt hàng số 29999'] }]);
    // The same strings over a limit smaller than their text, and a million empty items, which cost their place in the list.
    await expect(openXlsx(many, 256 * 1024)).rejects.toMatchObject({ reason: 'too_large' });
    const empty = await workbookFile('empty-strings.xlsx', standardParts(sheet, { 'xl/sharedStrings.xml': `<sst>${'<si/>'.repeat(1_000_000)}</sst>` }));
    await expect(openXlsx(empty, 8 * 1024 * 1024)).rejects.toMatchObject({ reason: 'too_large', limit: 8 });

    const endless = await workbookFile('endless-row.xlsx', standardParts(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(3 * 1024 * 1024)}`));
    const workbook = await openXlsx(endless, 1024 * 1024);
    const reading = (async () => { for await (const row of workbook.rows('Tờ khai', { fromRow: 1, limits })) void row; })();
    await expect(reading).rejects.toMatchObject({ reason: 'too_large', limit: 1 });
  });
});
