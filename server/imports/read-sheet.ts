import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { SheetCell } from '../../common/imports/coerce.js';
import { type SheetFormat, type SheetLimits, UnreadableFile } from './sniff.js';

/** One sheet row: its 1-based number and its cells from column A. */
export interface SheetRow {
  row: number;
  cells: SheetCell[];
}

export interface WorkbookOutline {
  sheets: Array<{ name: string; rows: SheetRow[] }>;
  date1904: boolean;
}

const tooWide = (limits: SheetLimits) => new UnreadableFile('too_many_columns', `A row has more than ${limits.columns} columns.`);

/** An exceljs cell value as a plain cell: formulas by their saved result, rich text as its text. */
function cellOfExcelValue(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value.toISOString() };
  if ('error' in value) return { error: String(value.error) };
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined || result === null ? { formulaWithoutValue: true } : cellOfExcelValue(result);
  }
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellOfExcelValue(value.text as ExcelJS.CellValue);
  return null;
}

function rowOfExcel(row: ExcelJS.Row, limits: SheetLimits): SheetRow {
  const values = row.values as ExcelJS.CellValue[];
  if (values.length - 1 > limits.columns) throw tooWide(limits);
  const cells: SheetCell[] = [];
  for (let index = 1; index < values.length; index += 1) cells.push(cellOfExcelValue(values[index]));
  return { row: row.number, cells };
}

const excelReader = (filePath: string) => new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
  sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore',
});

/** A SheetJS cell as a plain cell; with `cellDates` date cells arrive as dates. */
function cellOfSheetJs(cell: XLSX.CellObject | undefined): SheetCell {
  if (!cell || cell.t === 'z' || cell.v === undefined) return null;
  if (cell.t === 'e') return { error: cell.w ?? '#ERROR' };
  if (cell.v instanceof Date) return { date: cell.v.toISOString() };
  if (cell.f !== undefined && cell.v === null) return { formulaWithoutValue: true };
  return cell.v as string | number | boolean;
}

async function readSheetJs(filePath: string, limits: SheetLimits): Promise<XLSX.WorkBook> {
  const data = await fs.readFile(filePath);
  try {
    return XLSX.read(data, { type: 'buffer', cellDates: true, dense: true, cellFormula: false, sheetRows: limits.rows + 1 });
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/password|encrypt/i.test(message)) throw new UnreadableFile('encrypted', 'The workbook is password protected.');
    throw new UnreadableFile('corrupt', 'The workbook is damaged or in an unknown format.');
  }
}

function* sheetJsRows(sheet: XLSX.WorkSheet, fromRow: number, limits: SheetLimits): Generator<SheetRow> {
  const dense = (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  for (let index = fromRow - 1; index < dense.length; index += 1) {
    const row = dense[index];
    if (!row) continue;
    if (row.length > limits.columns) throw tooWide(limits);
    yield { row: index + 1, cells: Array.from(row, cellOfSheetJs) };
  }
}

/** CSV text: the encoding from its byte order mark, else UTF-8 if it decodes cleanly, else Windows-1258 (Vietnamese). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('windows-1258').decode(bytes);
    } catch {
      return new TextDecoder('windows-1252').decode(bytes);
    }
  }
}

/** Rows of CSV text (RFC 4180 quoting); the delimiter is the one of `,` `;` tab most used in the first line. */
export function* csvRows(text: string): Generator<string[]> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].map((char) => ({ char, count: firstLine.split(char).length })).sort((a, b) => b.count - a.count)[0]!.char;
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') { field += '"'; index += 1; }
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) { row.push(field); field = ''; }
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      yield row;
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) { row.push(field); yield row; }
}

async function* csvSheetRows(filePath: string, fromRow: number, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const text = decodeText(await fs.readFile(filePath));
  let number = 0;
  for (const cells of csvRows(text)) {
    number += 1;
    if (cells.length > limits.columns) throw tooWide(limits);
    if (number >= fromRow) yield { row: number, cells: cells.map((cell) => (cell === '' ? null : cell)) };
  }
}

const csvSheetName = 'CSV';

/** Any parser failure is the file's fault, and says so in the reader's terms. */
const asUnreadable = (error: unknown) =>
  error instanceof UnreadableFile ? error : new UnreadableFile('corrupt', 'The file could not be read: it is damaged or not a spreadsheet.');

/** The sheets of a workbook with their first rows, for the wizard's sheet list and preview. */
export function outlineWorkbook(filePath: string, format: SheetFormat, previewRows: number, limits: SheetLimits): Promise<WorkbookOutline> {
  return outlineAnyWorkbook(filePath, format, previewRows, limits).catch((error: unknown) => { throw asUnreadable(error); });
}

async function outlineAnyWorkbook(filePath: string, format: SheetFormat, previewRows: number, limits: SheetLimits): Promise<WorkbookOutline> {
  if (format === 'csv') {
    const rows: SheetRow[] = [];
    for await (const row of csvSheetRows(filePath, 1, limits)) {
      rows.push(row);
      if (rows.length >= previewRows) break;
    }
    return { sheets: [{ name: csvSheetName, rows }], date1904: false };
  }
  if (format === 'xlsx') {
    const reader = excelReader(filePath);
    const sheets: WorkbookOutline['sheets'] = [];
    for await (const worksheet of reader) {
      const rows: SheetRow[] = [];
      for await (const row of worksheet) {
        rows.push(rowOfExcel(row, limits));
        if (rows.length >= previewRows) break;
      }
      sheets.push({ name: (worksheet as unknown as { name: string }).name, rows });
    }
    const order = ((reader as unknown as { model?: { sheets?: Array<{ name: string }> } }).model?.sheets ?? []).map((sheet) => sheet.name);
    sheets.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    return { sheets, date1904: Boolean((reader as unknown as { properties?: { date1904?: boolean } }).properties?.date1904) };
  }
  const workbook = await readSheetJs(filePath, limits);
  return {
    sheets: workbook.SheetNames.map((name) => ({ name, rows: [...sheetJsRows(workbook.Sheets[name]!, 1, limits)].slice(0, previewRows) })),
    date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
  };
}

/** Every row of one sheet from `fromRow` on; the row limit is checked as they come. */
export async function* readSheetRows(filePath: string, format: SheetFormat, sheetName: string, fromRow: number, limits: SheetLimits): AsyncGenerator<SheetRow> {
  try {
    yield* readAnySheetRows(filePath, format, sheetName, fromRow, limits);
  } catch (error) {
    throw asUnreadable(error);
  }
}

async function* readAnySheetRows(filePath: string, format: SheetFormat, sheetName: string, fromRow: number, limits: SheetLimits): AsyncGenerator<SheetRow> {
  let count = 0;
  const limited = function* (row: SheetRow) {
    count += 1;
    if (count > limits.rows) throw new UnreadableFile('too_many_rows', `The sheet has more than ${limits.rows.toLocaleString('en')} rows.`);
    yield row;
  };
  if (format === 'csv') {
    for await (const row of csvSheetRows(filePath, fromRow, limits)) yield* limited(row);
    return;
  }
  if (format === 'xlsx') {
    for await (const worksheet of excelReader(filePath)) {
      if ((worksheet as unknown as { name: string }).name !== sheetName) continue;
      for await (const row of worksheet) {
        if (row.number >= fromRow) yield* limited(rowOfExcel(row, limits));
      }
      return;
    }
    throw new UnreadableFile('corrupt', `The workbook has no sheet named ${sheetName}.`);
  }
  const workbook = await readSheetJs(filePath, limits);
  const sheet = workbook.Sheets[sheetName];
  if (!sheet) throw new UnreadableFile('corrupt', `The workbook has no sheet named ${sheetName}.`);
  for (const row of sheetJsRows(sheet, fromRow, limits)) yield* limited(row);
}

interface ZipDirectory { files: Array<{ path: string; buffer: () => Promise<Buffer>; stream: () => NodeJS.ReadableStream }> }
const unzipper = createRequire(import.meta.url)('unzipper') as { Open: { file: (path: string) => Promise<ZipDirectory> } };

const xmlText = (text: string) => text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The rows of an .xlsx sheet, counted from its `<row>` tags while inflating it, without parsing any cell. */
async function countXlsxRows(filePath: string, sheetName: string): Promise<number | null> {
  const directory = await unzipper.Open.file(filePath);
  const text = async (path: string) => (await directory.files.find((file) => file.path === path)?.buffer())?.toString('utf8') ?? '';
  const [workbook, relations] = await Promise.all([text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels')]);
  const sheet = [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map((match) => match[0]).find((tag) => xmlText(/\bname="([^"]*)"/.exec(tag)?.[1] ?? '') === sheetName);
  const id = sheet && /\br:id="([^"]*)"/.exec(sheet)?.[1];
  const relation = id && [...relations.matchAll(/<Relationship\b[^>]*>/g)].map((match) => match[0]).find((tag) => tag.includes(`Id="${id}"`));
  const target = relation && /\bTarget="([^"]*)"/.exec(relation)?.[1];
  const entry = target && directory.files.find((file) => file.path === (target.startsWith('/') ? target.slice(1) : `xl/${target}`));
  if (!entry) return null;
  let count = 0;
  let carry = '';
  for await (const chunk of entry.stream() as AsyncIterable<Buffer>) {
    const window = carry + chunk.toString('latin1');
    // A tag that ends inside the carried tail was counted with the previous chunk.
    for (const match of window.matchAll(/<(?:\w+:)?row[\s>]/g)) if (match.index + match[0].length > carry.length) count += 1;
    carry = window.slice(-16);
  }
  return count;
}

/** How many rows a sheet holds, for the import's progress; null when it cannot be told cheaply. */
export async function countSheetRows(filePath: string, format: SheetFormat, sheetName: string): Promise<number | null> {
  try {
    if (format === 'xlsx') return await countXlsxRows(filePath, sheetName);
    if (format === 'csv') {
      let count = 0;
      for (const _row of csvRows(decodeText(await fs.readFile(filePath)))) count += 1;
      return count;
    }
    return null;
  } catch {
    return null;
  }
}
