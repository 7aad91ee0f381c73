import { describe, expect, it } from 'vitest';
import { fileSize, isAcceptedFile } from './upload-file.js';

describe('upload file', () => {
  it('accepts the spreadsheet formats the server reads', () => {
    for (const name of ['Tờ khai.xlsx', 'BOM.XLSM', 'old.xls', 'calc.ods', 'export.csv']) expect(isAcceptedFile(name)).toBe(true);
    for (const name of ['report.pdf', 'xlsx', 'archive.xlsx.zip', 'notes.txt']) expect(isAcceptedFile(name)).toBe(false);
  });

  it('sizes a file in the largest fitting unit', () => {
    expect(fileSize(0)).toEqual({ value: 0, unit: 'byte' });
    expect(fileSize(1023)).toEqual({ value: 1023, unit: 'byte' });
    expect(fileSize(1536)).toEqual({ value: 1.5, unit: 'kilobyte' });
    expect(fileSize(5 * 1024 * 1024 + 100_000)).toEqual({ value: 5.1, unit: 'megabyte' });
    expect(fileSize(3 * 1024 ** 3)).toEqual({ value: 3, unit: 'gigabyte' });
  });
});
