import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../test/hostile-files.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { readSheetRows } from '../spreadsheets/read-sheet.js';
import { sniffFormat } from '../spreadsheets/sniff.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';
import { outlineInChild, readerTurns } from './reader.js';

/** A header row and `count` declaration lines, in any format SheetJS writes. */
function sheetOf(count: number, bookType: XLSX.BookType): Buffer {
  const rows = [['Số tờ khai', 'Mã hàng', 'Lượng'], ...Array.from({ length: count }, (_, i) => [`10580000${String(i).padStart(4, '0')}`, `X${i}`, i + 1])];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Lines');
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

/** Every format whose reader cut sheets short at the row limit, with the name it is uploaded under. */
const formats: Array<{ bookType: XLSX.BookType; name: string }> = [
  { bookType: 'biff8', name: 'lines.xls' },
  { bookType: 'xlsb', name: 'lines.xlsb' },
  { bookType: 'ods', name: 'lines.ods' },
  { bookType: 'html', name: 'lines-html.xls' },
  { bookType: 'xlsx', name: 'lines.xlsx' },
];


/**
 * An .xlsx of a few hundred kilobytes whose shared strings expand to `megabytes` of one long string
 * repeated: well within the compression-ratio guard of a 50 MB upload limit.
 */
function sharedStringsBomb(megabytes: number): Buffer {
  const item = `<si><t>${'Nguyên liệu vải cotton '.repeat(40)}</t></si>`;
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipOf([
    { name: '[Content_Types].xml', text: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: '_rels/.rels', text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', text: `<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Lines" sheetId="1" r:id="r1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="r2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', text: `<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>` },
    { name: 'xl/sharedStrings.xml', text: item, times: Math.ceil((megabytes * 1024 * 1024) / Buffer.byteLength(item)) },
  ]);
}

/** The largest resident memory any child process of this one reached while `work` ran, in megabytes. */
async function childPeakMegabytes<T>(work: () => Promise<T>): Promise<{ peak: number; outcome: T | unknown }> {
  let peak = 0;
  const sample = () => {
    for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
        peak = Math.max(peak, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
      } catch {
        // Gone between the listing and the reading.
      }
    }
  };
  const timer = setInterval(sample, 20);
  try {
    const outcome = await work().catch((error: unknown) => error);
    return { peak, outcome };
  } finally {
    clearInterval(timer);
  }
}

const megabyte = 1024 * 1024;

describe('hostile uploads', { timeout: 240_000 }, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let folder = '';
  const company = 'hostile-co';
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp({
      authRateLimitPerMinute: 1000, importMaxRows: 1000, importMaxTextBytes: 8 * megabyte,
      readersMax: 2, readersPerUser: 1, uploadDailyFiles: 10, uploadDailyBytes: 4 * megabyte,
    }, mail);
    for (const who of ['importer', 'bomber', 'hoarder', 'heavy', 'other']) {
      const email = `${who}@hostile.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name: who } });
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
      tokens[who] = confirmed.json().token.access_token;
    }
    const created = await call('POST', '/api/clients-api/companies/', { name: 'Hostile Co' });
    folder = created.json().folder_set[0].slug;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST', url: string, payload?: object, who = 'importer') {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });
  }
  const upload = (name: string, content: Buffer, who = 'importer') => {
    const body = multipart({}, { name, content });
    return t.app.inject({ method: 'POST', url: '/api/uploads/', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${tokens[who]}` } });
  };
  const importLines = (uploadId: string, sheetName: string) => call('POST', '/api/balance/ecus/import_data/', {
    upload_id: uploadId, company_slug: company, folder_slug: folder, sheet_name: sheetName, header_from: 1,
    mapping: { account_number: { mapping_col_name: 'A', title: '' }, code: { mapping_col_name: 'B', title: '' }, total: { mapping_col_name: 'C', title: '' } },
    extra_fields: { registered_date: '2025-01-01', type_code: 'E31' },
  });

  it.each(formats)('refuses 1,500 rows of $name over a limit of 1,000 with too_many_rows, writing nothing', async ({ bookType, name }) => {
    const uploaded = await upload(name, sheetOf(1500, bookType));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // An HTML table has no sheet name of its own.
    const started = await importLines(uploaded.json().upload_id, uploaded.json().sheets[0]);
    expect(started.statusCode, started.body).toBe(422);
    expect(started.json()).toMatchObject({ code: 'unprocessable_file', reason: 'too_many_rows', limit: 1000 });
    expect((await call('GET', `/api/balance/import-record/?company_slug=${company}`)).json().count).toBe(0);
    expect((await call('GET', `/api/balance/ecus/?company_slug=${company}&folder_slug=${folder}`)).json().count).toBe(0);
  });

  it.each(formats)('reads $name to the row limit and refuses one row more, whatever the upload outlined', async ({ bookType, name }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-rows-'));
    try {
      const read = async (count: number) => {
        const file = path.join(dir, `${count}-${name}`);
        fs.writeFileSync(file, sheetOf(count, bookType));
        const rows = [];
        const format = await sniffFormat(file, name, 50 * megabyte);
        const sheetName = bookType === 'html' ? 'Sheet1' : 'Lines';
        for await (const row of readSheetRows(file, format, sheetName, 2, { rows: 1000, columns: 20 })) rows.push(row);
        return rows;
      };
      const full = await read(1000);
      expect(full).toHaveLength(1000);
      expect(full.at(-1)).toEqual({ row: 1001, cells: ['105800000999', 'X999', 1000] });
      const refused = await read(1001).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UnreadableFile);
      expect(refused).toMatchObject({ reason: 'too_many_rows', limit: 1000 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a shared-strings bomb with too_large naming the text limit, the reader staying small', async () => {
    const bomb = sharedStringsBomb(30);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const refused = await upload('bomb.xlsx', bomb, 'bomber');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'unprocessable_file', reason: 'too_large', limit: 8 });
    expect(refused.json().detail).toContain('IMPORT_MAX_TEXT_MB');

    // Half a gigabyte of shared strings from a file of a few hundred kilobytes, read by the default limit.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-bomb-'));
    try {
      const file = path.join(dir, 'bomb.xlsx');
      fs.writeFileSync(file, sharedStringsBomb(500));
      expect(await sniffFormat(file, 'bomb.xlsx', 50 * megabyte)).toBe('xlsx');
      const { peak, outcome } = await childPeakMegabytes(() => outlineInChild(file, 'xlsx', 20, { limits: { rows: 1000, columns: 20, text: 64 * megabyte } }));
      expect(outcome).toMatchObject({ reason: 'too_large', limit: 64 });
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThan(400);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads one file at a time for a user, the others waiting in line, and no more than the pool in all', async () => {
    const files = Array.from({ length: 3 }, () => sheetOf(1500, 'biff8'));
    const most = { active: 0, mostForOneUser: 0, waiting: 0 };
    const timer = setInterval(() => {
      const now = readerTurns();
      for (const key of ['active', 'mostForOneUser', 'waiting'] as const) most[key] = Math.max(most[key], now[key]);
    }, 2);
    const [heavy, other] = await (async () => {
      try {
        return await Promise.all([
          Promise.all(files.map((file, index) => upload(`heavy-${index}.xls`, file, 'heavy'))),
          Promise.all(files.map((file, index) => upload(`other-${index}.xls`, file, 'other'))),
        ]);
      } finally {
        clearInterval(timer);
      }
    })();
    expect([...heavy, ...other].map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(most).toEqual({ active: 2, mostForOneUser: 1, waiting: 4 });
    expect(readerTurns()).toEqual({ active: 0, mostForOneUser: 0, waiting: 0 });
  });

  it('holds each user to a day of uploads, by files and by bytes', async () => {
    const small = Buffer.from('Số tờ khai,Mã hàng\n105800000031,0ABC\n');
    for (let index = 0; index < 10; index += 1) expect((await upload(`small-${index}.csv`, small, 'hoarder')).statusCode).toBe(201);
    const eleventh = await upload('small-10.csv', small, 'hoarder');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'upload_quota', files: 10, megabytes: 4 });

    const big = Buffer.from(`a,b\n${'1,2\n'.repeat((1.5 * megabyte) / 4)}`);
    expect((await upload('big-1.csv', big, 'bomber')).statusCode).toBe(201);
    expect((await upload('big-2.csv', big, 'bomber')).statusCode).toBe(201);
    // The third goes past 4 MB once written, and is taken back; after it the user is refused before sending.
    const third = await upload('big-3.csv', big, 'bomber');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('upload_quota');
    expect((await upload('tiny.csv', small, 'bomber')).statusCode).toBe(201);
  });
});
