import { describe, expect, it } from 'vitest';
import { unreadableDay } from '../app/i18n/business-day.js';
import { choice, code, date, decimal, defineResource, integer, text } from '../../common/resources/define.js';
import { deleteMatchingBody, exportQuery, type FilterCondition, filterParams, isFiltered, listQuery, operatorsFor, orderingOfSort, sortOfOrdering, type ViewState } from './list-query.js';

const lines = defineResource({
  name: 'lines',
  family: 'balance',
  table: 'lines',
  operations: ['create'],
  fields: {
    code: code({ required: true }),
    item_name: text(),
    total: decimal(),
    row_number: integer(),
    registered_date: date(),
    item_type: choice(['material', 'product']),
  },
  search: ['code'],
  ordering: '-registered_date,code',
});

let next = 0;
const condition = (field: string, operator: FilterCondition['operator'], ...values: string[]): FilterCondition => ({ id: String(next++), field, operator, values });

const view = (overrides: Partial<ViewState> = {}): ViewState => ({ companySlug: 'acme', folderSlug: '2026', search: '', ordering: null, filters: [], ...overrides });

describe('filter parameters', () => {
  it('spells each operator as the contract does', () => {
    expect(filterParams([
      condition('code', 'eq', 'NVL01'),
      condition('registered_date', 'gte', '2026-01-01'),
      condition('registered_date', 'lte', '2026-03-31'),
      condition('item_type', 'in', 'material', 'product'),
    ], lines)).toEqual({
      code: 'NVL01',
      registered_date__gte: '2026-01-01',
      registered_date__lte: '2026-03-31',
      item_type__in: 'material,product',
    });
  });

  it('leaves out blank values and unknown fields, and trims values', () => {
    expect(filterParams([
      condition('code', 'eq', '   '),
      condition('total', 'gte'),
      condition('nope', 'eq', 'x'),
      condition('item_name', 'eq', '  Vải  '),
      condition('code', 'in', '', ' A '),
    ], lines)).toEqual({ item_name: 'Vải', code__in: 'A' });
  });

  it('unites two "one of" conditions on one field and lets a later comparison win', () => {
    expect(filterParams([
      condition('code', 'in', 'A', 'B'),
      condition('code', 'in', 'B', 'C'),
      condition('total', 'gte', '1'),
      condition('total', 'gte', '5'),
    ], lines)).toEqual({ code__in: 'A,B,C', total__gte: '5' });
  });

  it('offers ranges for numbers and dates, searching within for text and codes, emptiness for all', () => {
    expect(operatorsFor(lines.fields.total!)).toEqual(['eq', 'gte', 'lte', 'between', 'in', 'empty']);
    expect(operatorsFor(lines.fields.registered_date!)).toEqual(['eq', 'gte', 'lte', 'between', 'in', 'empty']);
    expect(operatorsFor(lines.fields.code!)).toEqual(['eq', 'contains', 'startswith', 'in', 'empty']);
    expect(operatorsFor(lines.fields.item_type!)).toEqual(['eq', 'in', 'empty']);
  });

  it('sends a range as both bounds, either of which may stay open, and emptiness as true or false', () => {
    expect(filterParams([
      { id: 'a', field: 'registered_date', operator: 'between', values: ['2025-01-01', '2025-03-31'] },
      { id: 'b', field: 'total', operator: 'between', values: ['', '100'] },
      { id: 'c', field: 'code', operator: 'startswith', values: ['NVL'] },
      { id: 'd', field: 'item_type', operator: 'empty', values: ['false'] },
    ], lines)).toEqual({ registered_date__gte: '2025-01-01', registered_date__lte: '2025-03-31', total__lte: '100', code__startswith: 'NVL', item_type__empty: 'false' });
  });

  it('leaves out a day still being typed, which the date field marks as not a date', () => {
    expect(filterParams([
      { id: 'a', field: 'registered_date', operator: 'between', values: [unreadableDay, '2025-03-31'] },
      { id: 'b', field: 'registered_date', operator: 'gte', values: [unreadableDay] },
    ], lines)).toEqual({ registered_date__lte: '2025-03-31' });
  });
});

describe('ordering', () => {
  it('reads the first key of an ordering for the grid, and writes the grid sort back', () => {
    expect(sortOfOrdering('-registered_date,code')).toEqual([{ field: 'registered_date', sort: 'desc' }]);
    expect(sortOfOrdering('code')).toEqual([{ field: 'code', sort: 'asc' }]);
    expect(sortOfOrdering('')).toEqual([]);
    expect(orderingOfSort([{ field: 'total', sort: 'desc' }])).toBe('-total');
    expect(orderingOfSort([{ field: 'total', sort: 'asc' }])).toBe('total');
  });
});

describe('queries of a view', () => {
  const filtered = view({ search: ' vải ', ordering: 'total', filters: [condition('code', 'eq', 'A1')] });

  it('builds the list query with 1-based pages and the default order', () => {
    expect(listQuery(lines, view(), 0, 25)).toEqual({ company_slug: 'acme', folder_slug: '2026', ordering: '-registered_date,code', page: 1, page_size: 25 });
    expect(listQuery(lines, filtered, 2, 50)).toEqual({ company_slug: 'acme', folder_slug: '2026', search: 'vải', ordering: 'total', code: 'A1', page: 3, page_size: 50 });
  });

  it('exports the same view without paging, in the reader language', () => {
    expect(exportQuery(lines, filtered, 'vi')).toEqual({ company_slug: 'acme', folder_slug: '2026', search: 'vải', ordering: 'total', code: 'A1', lang: 'vi' });
  });

  it('deletes what the view matches, or the whole folder set without search and filters', () => {
    expect(deleteMatchingBody(lines, filtered)).toEqual({ company_slug: 'acme', folder_slug: '2026', search: 'vải', filters: { code: 'A1' } });
    expect(deleteMatchingBody(lines, view({ filters: [condition('code', 'eq', '')] }))).toEqual({ company_slug: 'acme', folder_slug: '2026' });
    expect(isFiltered(lines, filtered)).toBe(true);
    expect(isFiltered(lines, view({ search: '  ', filters: [condition('total', 'gte')] }))).toBe(false);
  });
});
