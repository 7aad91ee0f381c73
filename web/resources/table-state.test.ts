import { describe, expect, it } from 'vitest';
import { autofillValues, connectionState, failedIdsOfDetail, fileNameOfDisposition } from './table-state.js';

describe('connection state', () => {
  it('follows the spec: none, waiting, hasData, hasError', () => {
    expect(connectionState({ enabled: false, isError: false, hasData: false })).toBe('none');
    expect(connectionState({ enabled: true, isError: false, hasData: false })).toBe('waiting');
    expect(connectionState({ enabled: true, isError: false, hasData: true })).toBe('hasData');
    expect(connectionState({ enabled: true, isError: true, hasData: true })).toBe('hasError');
  });
});

describe('export file name', () => {
  it('reads the encoded name first, then the plain one, else the fallback', () => {
    expect(fileNameOfDisposition(`attachment; filename="ecus.xlsx"; filename*=UTF-8''T%E1%BB%9D%20khai.xlsx`, 'x.xlsx')).toBe('Tờ khai.xlsx');
    expect(fileNameOfDisposition('attachment; filename="ecus 2026.xlsx"', 'x.xlsx')).toBe('ecus 2026.xlsx');
    expect(fileNameOfDisposition('attachment; filename=ecus.xlsx', 'x.xlsx')).toBe('ecus.xlsx');
    expect(fileNameOfDisposition(null, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOfDisposition('attachment', 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('autofill', () => {
  const match = { code: 'NVL01', item_name: ['Vải cotton'], name: ['Cotton fabric'], unit: ['MTR'] };

  it('fills the code, the name the source names and its unit', () => {
    expect(autofillValues({ code: 'code', name: 'item_name', unit: 'unit' }, match)).toEqual({ code: 'NVL01', item_name: 'Vải cotton', unit: 'MTR' });
    expect(autofillValues({ code: 'material_code', name: 'material_name', unit: 'material_unit' }, match))
      .toEqual({ material_code: 'NVL01', material_name: 'Cotton fabric', material_unit: 'MTR' });
    expect(autofillValues({ code: 'code', name: 'name' }, { code: 'A', item_name: ['Only item name'], name: [], unit: ['KG'] })).toEqual({ code: 'A', name: 'Only item name' });
  });
});

describe('partial update', () => {
  it('reads the failed ids from the detail lines', () => {
    expect(failedIdsOfDetail('Failed to update 2 records:\n12\n15\n')).toEqual(['12', '15']);
  });
});
