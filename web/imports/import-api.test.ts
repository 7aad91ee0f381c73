import { describe, expect, it } from 'vitest';
import { resourceNamed } from '../../common/resources/index.js';
import { ApiError } from '../app/api.js';
import { duplicateOf, importModes, importPaths, importSourceOf, refusalReason } from './import-api.js';

describe('import paths', () => {
  it('uses the plain calls for most tables', () => {
    expect(importPaths(resourceNamed('begin'), 'normal')).toEqual({
      fixedColumns: '/balance/begin/get_fixed_columns/', setup: '/balance/begin/setup/', importData: '/balance/begin/import_data/',
    });
    expect(importPaths(resourceNamed('acc-iob'), 'normal').importData).toBe('/new-balance/acc-iob/import_data/');
    expect(importModes(resourceNamed('begin'))).toEqual(['normal']);
  });

  it('names BOM calls calculator_import', () => {
    expect(importPaths(resourceNamed('bom'), 'normal')).toEqual({
      fixedColumns: '/balance/bom/get_fixed_columns/', setup: '/balance/bom/calculator_import_setup/', importData: '/balance/bom/calculator_import/',
    });
  });

  it('gives ECUS amendments and cancellations their own calls', () => {
    const ecus = resourceNamed('ecus');
    expect(importModes(ecus)).toEqual(['normal', 'ama', 'cancel']);
    expect(importPaths(ecus, 'ama')).toEqual({
      fixedColumns: '/balance/ecus/get_fixed_columns/', setup: '/balance/ecus/ama_setup/', importData: '/balance/ecus/ama_import_data/',
    });
    expect(importPaths(ecus, 'cancel').importData).toBe('/balance/ecus/cancel_import_data/');
    expect(importPaths(ecus, 'cancel').setup).toBe('/balance/ecus/cancel_setup/');
  });
});

describe('duplicate answers', () => {
  it('finds the earlier import a duplicate answer names', () => {
    const error = new ApiError('duplicate_import', 409, 'already imported', {}, { code: 'duplicate_import', earlier_import: { id: 4, date: '2026-03-02' } });
    expect(duplicateOf(error)).toEqual({ id: 4, date: '2026-03-02' });
    expect(duplicateOf(new ApiError('conflict', 409, '', {}, {}))).toBeNull();
    expect(duplicateOf(new Error('x'))).toBeNull();
  });

  it('keeps the reason of a refused file', () => {
    expect(refusalReason(new ApiError('unprocessable_file', 422, 'encrypted', {}, { reason: 'encrypted' }))).toBe('encrypted');
  });
});

describe('import sources', () => {
  it('offers a table its own import, and the ECUS import on the amendment and cancellation screens', () => {
    expect(importSourceOf(resourceNamed('begin'))).toEqual({ resource: resourceNamed('begin'), mode: 'normal' });
    expect(importSourceOf(resourceNamed('ecus-ama'))).toEqual({ resource: resourceNamed('ecus'), mode: 'ama' });
    expect(importSourceOf(resourceNamed('ecus-cancel'))).toEqual({ resource: resourceNamed('ecus'), mode: 'cancel' });
    expect(importSourceOf(resourceNamed('ecus-stock'))).toBeNull();
  });
});
