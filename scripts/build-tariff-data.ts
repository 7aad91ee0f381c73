/**
 * Regenerates data/vn-tariff.csv.gz from the published workbook: the same header and cells as the sheet,
 * as CSV, gzipped (about 0.45 MB against 3 MB of .xlsx), so a clone can import the real tariff without it.
 * Usage: npx tsx scripts/build-tariff-data.ts ../shared/data/vn-tariff/Tariff.xlsx
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { readTable } from '../server/lookup/read-table.js';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npx tsx scripts/build-tariff-data.ts <Tariff.xlsx>');
  process.exit(1);
}
const records = await readTable(source);
const header = Object.keys(records[0] ?? {});
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = [header, ...records.map((record) => header.map((name) => record[name] ?? ''))].map((cells) => cells.map(quote).join(',')).join('\n');
fs.mkdirSync('data', { recursive: true });
fs.writeFileSync('data/vn-tariff.csv.gz', zlib.gzipSync(`${csv}\n`, { level: 9 }));
console.log(`data/vn-tariff.csv.gz: ${records.length} rows`);
