import { describe, expect, it } from 'vitest';
import {
  canBeConstant, constantFields, extraFieldValues, type FieldSource, headersBody, type ImportField, importFormEntries, initialMapping,
  mappingPayload, readHeaders, scopeProblem, setupBody, unmappedRequired,
} from './import-payload.js';

const fields: ImportField[] = [
  { name: 'item_type', kind: 'choice', required: true, choices: ['material', 'product'] },
  { name: 'code', kind: 'code', required: true },
  { name: 'name', kind: 'text', required: false },
  { name: 'begin_value', kind: 'decimal', required: true },
  { name: 'from_date', kind: 'date', required: false },
];
const matchFields = [
  { name: 'item_type', names: ['Loại hàng'] },
  { name: 'code', names: ['Mã hàng'] },
  { name: 'name', names: ['Tên hàng'] },
  { name: 'begin_value', names: ['Tồn đầu kỳ'] },
  { name: 'from_date', names: ['Từ ngày'] },
];
const headers = { A: 'Mã hàng', B: 'Tên hàng', C: 'Tồn đầu kỳ', D: 'Ghi chú' };

describe('mapping step', () => {
  it('starts from the matched columns and leaves the rest unmapped', () => {
    const start = initialMapping(fields, matchFields, headers, null);
    expect(start.sources).toEqual({
      item_type: { kind: 'none' },
      code: { kind: 'column', column: 'A' },
      name: { kind: 'column', column: 'B' },
      begin_value: { kind: 'column', column: 'C' },
      from_date: { kind: 'none' },
    });
    expect(unmappedRequired(fields, start.sources)).toEqual(['item_type']);
  });

  it('brings back the last setup: its columns and its one-value fields', () => {
    const start = initialMapping(fields, matchFields, headers, {
      mapping: { name: { mapping_col_name: 'D', title: 'Ghi chú' }, code: { mapping_col_name: 'A', title: 'Mã cũ' } },
      extra_fields: { item_type: 'material', from_date: '2026-01-01' },
    });
    expect(start.sources.name).toEqual({ kind: 'column', column: 'D' });
    expect(start.matches.name?.source).toBe('remembered');
    // The remembered title no longer heads column A, so the code is matched afresh.
    expect(start.matches.code?.source).toBe('exact');
    expect(start.sources.item_type).toEqual({ kind: 'constant' });
    expect(start.constants).toEqual({ item_type: 'material', from_date: '2026-01-01' });
    expect(constantFields(fields, start.sources).map((field) => field.name)).toEqual(['item_type', 'from_date']);
    expect(unmappedRequired(fields, start.sources, start.constants)).toEqual([]);
    // A required field given one value needs that value, and a valid one, before the setup is saved.
    expect(unmappedRequired(fields, start.sources)).toEqual(['item_type']);
    expect(unmappedRequired(fields, start.sources, { item_type: 'goods' })).toEqual(['item_type']);
  });

  it('gives one value only to fields that are not quantities or amounts', () => {
    expect(fields.filter(canBeConstant).map((field) => field.name)).toEqual(['item_type', 'code', 'name', 'from_date']);
  });

  it('sends each mapped field with its column and title', () => {
    const sources: Record<string, FieldSource> = { code: { kind: 'column', column: 'A' }, item_type: { kind: 'constant' }, name: { kind: 'none' } };
    expect(mappingPayload(sources, headers)).toEqual({ code: { mapping_col_name: 'A', title: 'Mã hàng' } });
    expect(setupBody('demo-co', sources, headers, { item_type: 'material' })).toEqual({
      company_slug: 'demo-co',
      code: { mapping_col_name: 'A', title: 'Mã hàng' },
      extra_fields: { item_type: 'material' },
    });
  });

  it('asks for a company, then a folder set', () => {
    expect(scopeProblem(null, null)).toBe('company');
    expect(scopeProblem('demo-co', null)).toBe('folder');
    expect(scopeProblem('demo-co', '2026')).toBeNull();
  });
});

describe('values for every row', () => {
  const constant = fields.filter((field) => ['item_type', 'from_date', 'name'].includes(field.name));

  it('requires every listed field and sends dates as YYYY-MM-DD', () => {
    expect(extraFieldValues(constant, { item_type: 'product', from_date: '2026-01-01', name: ' Vải ' })).toEqual({
      ok: true, values: { item_type: 'product', name: 'Vải', from_date: '2026-01-01' },
    });
    expect(extraFieldValues(constant, { item_type: 'goods', from_date: '2026-02-30' })).toEqual({
      ok: false, problems: { item_type: 'choice', name: 'required', from_date: 'date' },
    });
  });
});

describe('requests', () => {
  const range = { headerFrom: 1, headerTo: 2, colStart: 'A', colEnd: 'M' };

  it('asks for the header names of the range', () => {
    expect(headersBody('u1', 'Sheet1', range)).toEqual({ upload_id: 'u1', sheet_name: 'Sheet1', header_from: 1, header_to: 2, colStart: 'A', colEnd: 'M' });
  });

  it('accepts only an object of column names as headers', () => {
    expect(readHeaders({ A: 'Số tờ khai', B: 2026, C: null })).toEqual({ A: 'Số tờ khai', B: '2026' });
    expect(readHeaders(['Số tờ khai'])).toBeNull();
    expect(readHeaders('Số tờ khai')).toBeNull();
    expect(readHeaders(null)).toBeNull();
    expect(readHeaders({ first: 'Số tờ khai' })).toBeNull();
  });

  it('sends the import as multipart fields with JSON mapping and extra fields', () => {
    const entries = importFormEntries({
      uploadId: 'u1', companySlug: 'demo-co', folderSlug: '2026', sheetName: 'Tờ khai', range,
      mapping: { code: { mapping_col_name: 'D', title: 'Mã hàng' } }, extraFields: { type_code: 'E31' }, keepPosting: false,
    });
    expect(Object.fromEntries(entries)).toEqual({
      upload_id: 'u1', company_slug: 'demo-co', folder_slug: '2026', sheet_name: 'Tờ khai', header_from: '1', header_to: '2',
      mapping: '{"code":{"mapping_col_name":"D","title":"Mã hàng"}}', extra_fields: '{"type_code":"E31"}', keep_posting: 'false',
    });
    const again = importFormEntries({ uploadId: 'u1', companySlug: 'c', folderSlug: 'f', sheetName: 's', range, mapping: {}, extraFields: {}, keepPosting: true, onDuplicate: 'replace' });
    expect(again.slice(-2)).toEqual([['keep_posting', 'true'], ['on_duplicate', 'replace']]);
  });
});
