import { describe, expect, it } from 'vitest';
import type { FilterCondition } from './list-query.js';
import { initialTableQuery, pageOf, tableQueryReducer } from './use-table-query.js';

const condition = (id: string): FilterCondition => ({ id, field: 'code', operator: 'eq', values: [] });

describe('table query', () => {
  it('opens an empty filter bar with one condition, and keeps the conditions when it closes and opens again', () => {
    const opened = tableQueryReducer(initialTableQuery, { type: 'toggleFilters', firstCondition: condition('a') });
    expect(opened).toMatchObject({ filtersOpen: true, filters: [condition('a')] });
    const closed = tableQueryReducer(opened, { type: 'toggleFilters', firstCondition: condition('b') });
    expect(closed).toMatchObject({ filtersOpen: false, filters: [condition('a')] });
    expect(closed.filters).toBe(opened.filters);
    const reopened = tableQueryReducer(closed, { type: 'toggleFilters', firstCondition: condition('c') });
    expect(reopened).toMatchObject({ filtersOpen: true, filters: [condition('a')] });
  });

  it('leaves the conditions alone when the bar opens with some already', () => {
    const edited = tableQueryReducer(initialTableQuery, { type: 'editFilters', filters: [condition('x'), condition('y')] });
    expect(tableQueryReducer(edited, { type: 'toggleFilters', firstCondition: condition('z') }).filters).toEqual([condition('x'), condition('y')]);
  });

  it('shows the page turned to while the view stays, and page 1 of a new view with the chosen page size', () => {
    const turned = tableQueryReducer(initialTableQuery, { type: 'turnPage', viewKey: 'view-a', page: 3, pageSize: 50 });
    expect(pageOf(turned, 'view-a')).toBe(3);
    expect(pageOf(turned, 'view-b')).toBe(0);
    expect(turned.paging.pageSize).toBe(50);
    expect(pageOf(initialTableQuery, 'view-a')).toBe(0);
  });

  it('keeps search and filters as they are while the order changes, so typing is not asked for again', () => {
    const typed = tableQueryReducer(initialTableQuery, { type: 'typeSearch', search: 'NVL' });
    const sorted = tableQueryReducer(typed, { type: 'sortBy', ordering: '-code' });
    expect(sorted).toMatchObject({ search: 'NVL', ordering: '-code' });
    expect(sorted.filters).toBe(typed.filters);
    expect(tableQueryReducer(sorted, { type: 'sortBy', ordering: null }).ordering).toBeNull();
  });
});
