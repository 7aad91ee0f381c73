import fs from 'node:fs/promises';
import { UnreadableFile } from './unreadable.js';
import { zipEntries } from './zip.js';

/** The formats the readers handle; `xls` also covers the HTML tables some systems save as `.xls`. */
export type SheetFormat = 'xlsx' | 'xls' | 'ods' | 'csv';

/**
 * How far a reader goes: rows and columns of a sheet (IMPORT_MAX_ROWS and IMPORT_MAX_COLUMNS in the
 * configuration), and the bytes of text it may hold at once (IMPORT_MAX_TEXT_MB): an .xlsx's shared
 * strings, one row of sheet XML, or a workbook read whole.
 */
export interface SheetLimits {
  rows: number;
  columns: number;
  text?: number;
}

export const readerLimits = {
  rows: 1_000_000,
  columns: 500,
  text: 128 * 1024 * 1024,
  /** Uncompressed bytes a workbook may expand to, per byte of the size limit. */
  expansion: 20,
  timeMs: 10 * 60_000,
};

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const oleSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const looksLikeText = (head: Buffer) => {
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return true;
  return !head.subarray(0, 4096).includes(0);
};

/**
 * What a file really is, judged by its bytes rather than its name, with the checks that need no
 * parsing: the uncompressed size of an archive (a zip bomb declares gigabytes), encryption, and text
 * pretending to be a workbook.
 */
export async function sniffFormat(filePath: string, fileName: string, maxBytes: number): Promise<SheetFormat> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    if (size === 0) throw new UnreadableFile('not_a_spreadsheet', 'The file is empty.');
    const head = Buffer.alloc(Math.min(size, 8192));
    await file.read(head, 0, head.length, 0);
    const extension = fileName.toLowerCase().split('.').pop() ?? '';
    if (head.subarray(0, 4).equals(zipSignature)) {
      const entries = await zipEntries(file, size);
      const total = entries.reduce((sum, entry) => sum + entry.uncompressed, 0);
      if (total > maxBytes * readerLimits.expansion || entries.some((entry) => entry.uncompressed === 0xffffffff)) {
        throw new UnreadableFile('zip_bomb', 'The workbook expands to far more data than its size allows.');
      }
      if (entries.some((entry) => entry.encrypted)) throw new UnreadableFile('encrypted', 'The workbook is password protected.');
      // Some writers store paths with backslashes or another case, or keep the workbook part elsewhere.
      const names = new Set(entries.map((entry) => entry.name.replace(/\\/g, '/').toLowerCase()));
      if (names.has('xl/workbook.xml') || (names.has('[content_types].xml') && [...names].some((name) => /(^|\/)workbook\.xml$/.test(name)))) return 'xlsx';
      if (names.has('content.xml') && names.has('mimetype')) return 'ods';
      // Binary workbooks (.xlsb) go to the reader that knows their records.
      if (names.has('xl/workbook.bin')) return 'xls';
      throw new UnreadableFile('not_a_spreadsheet', 'The archive is not a workbook.');
    }
    if (head.subarray(0, 8).equals(oleSignature)) {
      // Encrypted .xlsx files are OLE containers holding an "EncryptedPackage" stream.
      const marker = Buffer.from('EncryptedPackage', 'utf16le');
      const probe = Buffer.alloc(Math.min(size, 1024 * 1024));
      await file.read(probe, 0, probe.length, 0);
      if (probe.includes(marker) || extension === 'xlsx' || extension === 'xlsm') {
        throw new UnreadableFile('encrypted', 'The workbook is password protected.');
      }
      return 'xls';
    }
    if (looksLikeText(head)) {
      if (['xlsx', 'xlsm', 'ods'].includes(extension)) throw new UnreadableFile('not_a_spreadsheet', 'The file is text, not the workbook its name says.');
      const start = head.toString('latin1', 0, 512).trimStart().toLowerCase();
      if (/^(<!doctype html|<html|<table|<\?xml)/.test(start)) return 'xls';
      return 'csv';
    }
    throw new UnreadableFile('not_a_spreadsheet', 'The file is not a spreadsheet.');
  } finally {
    await file.close();
  }
}
