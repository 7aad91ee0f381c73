import fs from 'node:fs/promises';
import type XLSX from '@e965/xlsx';
import type { SheetCell, SheetRow } from '../../common/imports/coerce.js';
import { readerLimits, type SheetFormat, type SheetLimits } from './sniff.js';
import { tooLarge, tooManyColumns, tooManyRows, UnreadableFile } from './unreadable.js';
import { openXlsx, type ReadMeter } from './xlsx-reader.js';
import { zipEntries } from './zip.js';

export type { ReadMeter } from './xlsx-reader.js';

export interface WorkbookOutline {
  /**
   * `lastRow`: the last row the sheet holds or declares (its `<dimension>`, BIFF dimensions, its rows
   * read whole), so an import of too many rows is refused before it starts; null when only reading it
   * all would tell (CSV, a sheet without a dimension). Absent in uploads kept from before it was known.
   */
  sheets: Array<{ name: string; rows: SheetRow[]; lastRow?: number | null }>;
  date1904: boolean;
}

/** A SheetJS cell as a plain cell; with `cellDates` date cells arrive as dates. */
function cellOfSheetJs(cell: XLSX.CellObject | undefined): SheetCell {
  if (!cell || cell.t === 'z' || cell.v === undefined) return null;
  if (cell.t === 'e') return { error: cell.w ?? '#ERROR' };
  if (cell.v instanceof Date) return { date: cell.v.toISOString() };
  if (cell.f !== undefined && cell.v === null) return { formulaWithoutValue: true };
  return cell.v as string | number | boolean;
}

/** The bytes SheetJS would hold to parse a file: an archive's inflated entries, else the file itself. */
async function bytesToParse(filePath: string): Promise<number> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, 0);
    if (head.readUInt32LE(0) !== 0x04034b50) return size;
    return (await zipEntries(file, size)).reduce((sum, entry) => sum + entry.uncompressed, 0);
  } finally {
    await file.close();
  }
}

/**
 * A whole workbook in memory, its sheets cut after `sheetRows` rows; refused past the text limit
 * before it is parsed, since the parse holds all of it at once.
 */
async function readSheetJs(filePath: string, sheetRows: number, limits: SheetLimits): Promise<XLSX.WorkBook> {
  const textLimit = limits.text ?? readerLimits.text;
  if ((await bytesToParse(filePath)) > textLimit) throw tooLarge(textLimit);
  const data = await fs.readFile(filePath);
  // Loaded only for the formats that need it, so that a reader starts quickly for the others.
  const { default: sheetJs } = await import('@e965/xlsx');
  try {
    return sheetJs.read(data, { type: 'buffer', cellDates: true, dense: true, cellFormula: false, sheetRows });
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/password|encrypt/i.test(message)) throw new UnreadableFile('encrypted', 'The workbook is password protected.');
    throw new UnreadableFile('corrupt', 'The workbook is damaged or in an unknown format.');
  }
}

const denseRows = (sheet: XLSX.WorkSheet) => (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;

/**
 * The last row of a SheetJS sheet: the one its range declares when the sheet was cut short (BIFF
 * dimensions, ODS and .xlsb ranges), else the last one read. HTML tables declare nothing, so they are
 * read one row past the limit to tell.
 */
function lastRowOf(sheet: XLSX.WorkSheet): number {
  const declared = Number(/(\d+)$/.exec(sheet['!fullref'] ?? '')?.[1] ?? 0);
  return Math.max(declared, denseRows(sheet).length);
}

function* sheetJsRows(sheet: XLSX.WorkSheet, fromRow: number, limits: SheetLimits, meter?: ReadMeter): Generator<SheetRow> {
  const dense = denseRows(sheet);
  const declared = Math.max(0, lastRowOf(sheet) - fromRow + 1);
  if (meter) meter.declaredRows = declared;
  // The sheet was read only up to one row past the limit: refusing here is what keeps the rest from being dropped unseen.
  if (declared > limits.rows) throw tooManyRows(limits.rows);
  for (let index = fromRow - 1; index < dense.length; index += 1) {
    if (meter) meter.fraction = index / dense.length;
    const row = dense[index];
    if (!row) continue;
    if (row.length > limits.columns) throw tooManyColumns(limits.columns);
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

/**
 * Rows of CSV text (RFC 4180 quoting); the delimiter is the one of `,` `;` tab most used in the first
 * line. `meter`, when given, follows the share of the text read.
 */
export function* csvRows(text: string, meter?: ReadMeter): Generator<string[]> {
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
      if (meter) meter.fraction = index / text.length;
      yield row;
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) { row.push(field); yield row; }
}

async function* csvSheetRows(filePath: string, fromRow: number, limits: SheetLimits, meter?: ReadMeter): AsyncGenerator<SheetRow> {
  const text = decodeText(await fs.readFile(filePath));
  let number = 0;
  for (const cells of csvRows(text, meter)) {
    number += 1;
    if (cells.length > limits.columns) throw tooManyColumns(limits.columns);
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
  // The outline shows the first rows of every sheet; only an import of one of them is held to the row limit.
  const anyLength: SheetLimits = { ...limits, rows: Number.POSITIVE_INFINITY };
  if (format === 'csv') {
    const rows: SheetRow[] = [];
    for await (const row of csvSheetRows(filePath, 1, limits)) {
      rows.push(row);
      if (rows.length >= previewRows) break;
    }
    return { sheets: [{ name: csvSheetName, rows, lastRow: null }], date1904: false };
  }
  if (format === 'xlsx') {
    const workbook = await openXlsx(filePath, limits.text);
    const sheets: WorkbookOutline['sheets'] = [];
    for (const name of workbook.sheetNames) {
      const rows: SheetRow[] = [];
      const meter: ReadMeter = { declaredRows: null, fraction: 0 };
      for await (const row of workbook.rows(name, { fromRow: 1, limits: anyLength, meter })) {
        rows.push(row);
        if (rows.length >= previewRows) break;
      }
      sheets.push({ name, rows, lastRow: meter.declaredRows });
    }
    return { sheets, date1904: workbook.date1904 };
  }
  // Past the row limit below a header among the previewed rows, the last row read is enough to refuse an import.
  const workbook = await readSheetJs(filePath, limits.rows + previewRows + 1, limits);
  return {
    sheets: workbook.SheetNames.map((name) => {
      const sheet = workbook.Sheets[name]!;
      const rows: SheetRow[] = [];
      for (const row of sheetJsRows(sheet, 1, anyLength)) {
        if (rows.length >= previewRows) break;
        rows.push(row);
      }
      return { name, rows, lastRow: lastRowOf(sheet) };
    }),
    date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
  };
}

/** Every row of one sheet from `fromRow` on; the row limit is checked as they come, and `meter` follows the reading. */
export async function* readSheetRows(filePath: string, format: SheetFormat, sheetName: string, fromRow: number, limits: SheetLimits, meter?: ReadMeter): AsyncGenerator<SheetRow> {
  try {
    yield* readAnySheetRows(filePath, format, sheetName, fromRow, limits, meter);
  } catch (error) {
    throw asUnreadable(error);
  }
}

async function* readAnySheetRows(filePath: string, format: SheetFormat, sheetName: string, fromRow: number, limits: SheetLimits, meter?: ReadMeter): AsyncGenerator<SheetRow> {
  let count = 0;
  const counted = (row: SheetRow) => {
    count += 1;
    if (count > limits.rows) throw tooManyRows(limits.rows);
    return row;
  };
  if (format === 'csv') {
    for await (const row of csvSheetRows(filePath, fromRow, limits, meter)) yield counted(row);
    return;
  }
  if (format === 'xlsx') {
    const workbook = await openXlsx(filePath, limits.text);
    for await (const row of workbook.rows(sheetName, { fromRow, limits, ...(meter ? { meter } : {}) })) yield counted(row);
    return;
  }
  // One row past the limit, so that a longer sheet is seen to be longer rather than cut short.
  const workbook = await readSheetJs(filePath, fromRow + limits.rows, limits);
  const sheet = workbook.Sheets[sheetName];
  if (!sheet) throw new UnreadableFile('corrupt', `The workbook has no sheet named ${sheetName}.`);
  for (const row of sheetJsRows(sheet, fromRow, limits, meter)) yield counted(row);
}
