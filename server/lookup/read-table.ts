import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cellText } from '../../common/imports/coerce.js';
import { readSheetRows } from '../spreadsheets/read-sheet.js';
import { readerLimits } from '../spreadsheets/sniff.js';
import { openXlsx } from '../spreadsheets/xlsx-reader.js';

/** The rows of a .csv file, or of an .xlsx file's first sheet, as text, read by the import readers; empty rows left out. */
async function readRows(file: string, format: 'csv' | 'xlsx'): Promise<string[][]> {
  const sheet = format === 'xlsx' ? (await openXlsx(file)).sheetNames[0] ?? '' : 'CSV';
  const rows: string[][] = [];
  for await (const row of readSheetRows(file, format, sheet, 1, { rows: Number.MAX_SAFE_INTEGER, columns: readerLimits.columns })) {
    const cells = row.cells.map(cellText);
    if (cells.some((cell) => cell !== '')) rows.push(cells);
  }
  return rows;
}

/** A table file as header-keyed records; header names are lower-cased and trimmed. */
export async function readTable(file: string): Promise<Array<Record<string, string>>> {
  // The tariff shipped in data/ is a gzipped CSV; the sheet readers take a plain file, so it is unpacked beside the system's temp files.
  if (file.toLowerCase().endsWith('.csv.gz')) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-table-'));
    const plain = path.join(dir, path.basename(file, '.gz'));
    try {
      await fs.writeFile(plain, gunzipSync(await fs.readFile(file)));
      return await readTable(plain);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.csv' && extension !== '.xlsx') throw new Error(`Cannot read ${file}: use a .csv, .csv.gz or .xlsx file.`);
  const rows = await readRows(file, extension === '.csv' ? 'csv' : 'xlsx');
  const [header, ...body] = rows;
  if (!header) throw new Error(`${file} is empty.`);
  const names = header.map((name) => name.trim().toLowerCase());
  return body.map((cells) => Object.fromEntries(names.map((name, index) => [name, (cells[index] ?? '').trim()])));
}
