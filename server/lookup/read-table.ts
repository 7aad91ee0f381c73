import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cellText } from '../../common/imports/coerce.js';
import { readSheetRows } from '../spreadsheets/read-sheet.js';
import { readerLimits } from '../spreadsheets/sniff.js';
import { openXlsx } from '../spreadsheets/xlsx-reader.js';

/** A file the lookup import cannot take, with a code and values the administration screen words in the reader's language. */
export class LookupFileError extends Error {
  constructor(readonly code: 'empty' | 'no_rows' | 'missing_columns' | 'bad_code' | 'bad_synonym' | 'not_korean' | 'bad_term_code', readonly values: Record<string, string | number>, message: string) {
    super(message);
  }
}

/** Where a table's rows are: a file's format and, for a workbook, the sheet to read. */
export interface TableSource {
  format: 'csv' | 'xlsx';
  sheet: string;
}

/** The rows of a .csv file, or of a workbook's sheet, as text, read by the import readers; empty rows left out. */
async function readRows(file: string, source: TableSource): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readSheetRows(file, source.format, source.sheet, 1, { rows: Number.MAX_SAFE_INTEGER, columns: readerLimits.columns })) {
    // Text is stored composed (NFC): a workbook may hold Vietnamese as base letters and combining accents (29 rows of
    // the published tariff do, heading 87.11 among them), which searches, folding and highlighting would not match.
    const cells = row.cells.map((cell) => cellText(cell).normalize('NFC'));
    if (cells.some((cell) => cell !== '')) rows.push(cells);
  }
  return rows;
}

/**
 * A table file as header-keyed records; header names are lower-cased and trimmed. The format is the file's
 * extension (an .xlsx file's first sheet is read) unless `source` names it, as for an upload kept without one
 * (then `name` is the file's name as its uploader knew it).
 */
export async function readTable(file: string, source?: TableSource, name = path.basename(file)): Promise<Array<Record<string, string>>> {
  // The tariff shipped in data/ is a gzipped CSV; the sheet readers take a plain file, so it is unpacked beside the system's temp files.
  if (!source && file.toLowerCase().endsWith('.csv.gz')) {
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
  if (!source && extension !== '.csv' && extension !== '.xlsx') throw new Error(`Cannot read ${file}: use a .csv, .csv.gz or .xlsx file.`);
  const rows = await readRows(file, source ?? (extension === '.csv' ? { format: 'csv', sheet: 'CSV' } : { format: 'xlsx', sheet: (await openXlsx(file)).sheetNames[0] ?? '' }));
  const [header, ...body] = rows;
  if (!header) throw new LookupFileError('empty', { file: name }, `${name} is empty.`);
  const names = header.map((name) => name.trim().toLowerCase());
  return body.map((cells) => Object.fromEntries(names.map((name, index) => [name, (cells[index] ?? '').trim()])));
}
