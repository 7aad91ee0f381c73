import { describe, expect, it } from 'vitest';
import { ecusFields } from '../../common/resources/ecus.js';
import type { FieldSource } from './import-payload.js';
import { missingCheckNeeds } from './missing-fields.js';

const ecusNames = Object.keys(ecusFields);
const column = (name: string): FieldSource => ({ kind: 'column', column: name });
const mapped = (...fields: string[]) => Object.fromEntries(fields.map((field, index) => [field, column(String.fromCharCode(65 + index))]));
const required = ['account_number', 'registered_date', 'type_code', 'code', 'total'];

describe('what a declaration sheet leaves the C/O and duty checks without', () => {
  it('names origin, currency and value when the mapping has none of them', () => {
    expect(missingCheckNeeds('ecus', 'normal', ecusNames, mapped(...required))).toEqual(['origin', 'currency', 'value']);
  });

  it('takes the invoice value or the unit price for the value, and a value for every row for a column', () => {
    expect(missingCheckNeeds('ecus', 'normal', ecusNames, mapped(...required, 'from_country', 'currency', 'nt_value'))).toEqual([]);
    expect(missingCheckNeeds('ecus', 'normal', ecusNames, mapped(...required, 'from_country', 'currency', 'unit_price'))).toEqual([]);
    expect(missingCheckNeeds('ecus', 'normal', ecusNames, { ...mapped(...required, 'total_value', 'from_country'), currency: { kind: 'constant' } })).toEqual([]);
  });

  it('warns of the origin alone when the values and their currency are mapped', () => {
    expect(missingCheckNeeds('ecus', 'normal', ecusNames, { ...mapped(...required, 'total_value', 'currency'), from_country: { kind: 'none' } })).toEqual(['origin']);
  });

  it('asks nothing of other tables, of amendment and cancellation imports, or of fields an import does not have', () => {
    expect(missingCheckNeeds('bom', 'normal', ['code'], {})).toEqual([]);
    expect(missingCheckNeeds('ecus', 'ama', ecusNames, mapped(...required))).toEqual([]);
    expect(missingCheckNeeds('ecus', 'normal', ['account_number', 'from_country'], mapped('account_number'))).toEqual(['origin']);
  });
});
