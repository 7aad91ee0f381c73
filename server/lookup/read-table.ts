import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF, a leading BOM). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') { field += '"'; i += 1; }
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') { row.push(field); field = ''; }
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
};

/** The first worksheet of an .xlsx file as rows of text, read with the streaming reader. */
async function readXlsx(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = row.values as ExcelJS.CellValue[];
      rows.push(values.slice(1).map(cellText));
    }
    break;
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** A table file as header-keyed records; header names are lower-cased and trimmed. */
export async function readTable(file: string): Promise<Array<Record<string, string>>> {
  const extension = path.extname(file).toLowerCase();
  let rows: string[][];
  if (extension === '.csv') rows = parseCsv(await fs.readFile(file, 'utf8'));
  else if (extension === '.xlsx') rows = await readXlsx(file);
  else throw new Error(`Cannot read ${file}: use a .csv or .xlsx file.`);
  const [header, ...body] = rows;
  if (!header) throw new Error(`${file} is empty.`);
  const names = header.map((name) => name.trim().toLowerCase());
  return body.map((cells) => Object.fromEntries(names.map((name, index) => [name, (cells[index] ?? '').trim()])));
}
