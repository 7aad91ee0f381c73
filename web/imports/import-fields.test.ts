import { describe, expect, it } from 'vitest';
import { bom } from '../../common/resources/bom.js';
import { importFieldsOf, labelKeyOf, matchFieldsOf, readFixedColumns } from './import-fields.js';

const answer = {
  fields: {
    code: { kind: 'code', required: true, label: 'Product code', aliases: ['Mã TP cha'] },
    bom_value: { kind: 'decimal', required: true, label: 'Norm per product unit', aliases: [] },
    grade: { kind: 'choice', required: false, choices: ['A', 'B'], label: 'fields.grade' },
  },
  last_setup: { mapping: { code: { mapping_col_name: 'B', title: 'Mã SP' }, broken: 'x' }, extra_fields: { year: 2026 } },
};

describe('fixed columns', () => {
  it('reads the fields and the last setup', () => {
    const fixed = readFixedColumns(answer);
    expect(fixed?.fields.code).toEqual({ kind: 'code', required: true, label: 'Product code', aliases: ['Mã TP cha'] });
    expect(fixed?.fields.grade).toEqual({ kind: 'choice', required: false, choices: ['A', 'B'], label: 'fields.grade', aliases: [] });
    expect(fixed?.last_setup).toEqual({ mapping: { code: { mapping_col_name: 'B', title: 'Mã SP' } }, extra_fields: { year: 2026 } });
    expect(readFixedColumns({ fields: {}, last_setup: null })).toEqual({ fields: {}, last_setup: null });
  });

  it('refuses an answer that is not an object of fields', () => {
    expect(readFixedColumns([])).toBeNull();
    expect(readFixedColumns('fields')).toBeNull();
    expect(readFixedColumns({ fields: ['code'] })).toBeNull();
    expect(readFixedColumns({ fields: { code: 'code' } })).toBeNull();
  });

  it('labels a field as its table defines it', () => {
    expect(labelKeyOf('code', undefined, bom.fields.code)).toBe('fields.product_code');
    expect(labelKeyOf('grade', { kind: 'text', required: false, label: 'fields.grade' }, undefined)).toBe('fields.grade');
    expect(labelKeyOf('grade', { kind: 'text', required: false, label: 'Grade' }, undefined)).toBe('fields.grade');
  });

  it('lists the fields with the limits of the definition', () => {
    const fixed = readFixedColumns(answer);
    expect(fixed && importFieldsOf(fixed, bom)).toEqual([
      { name: 'code', kind: 'code', required: true },
      { name: 'bom_value', kind: 'decimal', required: true },
      { name: 'grade', kind: 'choice', required: false, choices: ['A', 'B'] },
    ]);
  });

  it('matches on labels in every language, aliases and the name', () => {
    const fixed = readFixedColumns(answer);
    const catalogs = { en: { 'fields.product_code': 'Product code' }, vi: { 'fields.product_code': 'Mã sản phẩm' }, ko: { 'fields.product_code': '제품 코드' } };
    const code = fixed ? matchFieldsOf(fixed, bom, catalogs)[0] : undefined;
    expect(code?.names).toEqual(expect.arrayContaining(['Product code', 'Mã sản phẩm', '제품 코드', 'Mã TP', '모품번', 'Mã TP cha', 'code']));
    expect(new Set(code?.names).size).toBe(code?.names.length);
  });
});
