/**
 * Regenerates data/vn-tariff.csv.gz from the published workbooks: the tariff sheet's header and cells as CSV,
 * with the specialised-procedures workbook's column beside them when it is given (its rows are the same lines in
 * the same order, which is checked), gzipped: about 0.5 MB against 4.7 MB of .xlsx, so a clone has the real tariff.
 * Usage: npx tsx scripts/build-tariff-data.ts Tariff.xlsx [Specialised_procedures.xlsx]
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { readTable } from '../server/lookup/read-table.js';

const [source, proceduresSource] = process.argv.slice(2);
if (!source) {
  console.error('Usage: npx tsx scripts/build-tariff-data.ts <Tariff.xlsx> [Specialised_procedures.xlsx]');
  process.exit(1);
}
const records = await readTable(source);
const proceduresColumn = 'specialised procedures';
if (proceduresSource) {
  const procedures = await readTable(proceduresSource);
  records.forEach((record, index) => {
    const other = procedures[index];
    if (!other || other.hscode !== record.hscode) throw new Error(`${proceduresSource}, row ${index + 2}: code "${other?.hscode ?? ''}" where the tariff has "${record.hscode ?? ''}".`);
    record[proceduresColumn] = other[proceduresColumn] ?? '';
  });
}
const header = Object.keys(records[0] ?? {});
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = [header, ...records.map((record) => header.map((name) => record[name] ?? ''))].map((cells) => cells.map(quote).join(',')).join('\n');
fs.mkdirSync('data', { recursive: true });
fs.writeFileSync('data/vn-tariff.csv.gz', zlib.gzipSync(`${csv}\n`, { level: 9 }));
console.log(`data/vn-tariff.csv.gz: ${records.length} rows, ${header.length} columns`);
