import { describe, expect, it } from 'vitest';
import { code, decimal, defineResource, text } from '../../common/resources/define.js';
import { columnsStorageKey, completeVisibility, defaultVisibility, loadVisibility, saveVisibility } from './column-visibility.js';

const table = defineResource({
  name: 'sample',
  family: 'balance',
  table: 'sample',
  operations: [],
  fields: { code: code(), name: text(), note: text({ visible: false }), total: decimal() },
  search: ['code'],
  ordering: 'code',
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => { items.set(key, value); },
    removeItem: (key: string) => { items.delete(key); },
  };
}

describe('column visibility', () => {
  it('shows every field unless its definition hides it', () => {
    expect(defaultVisibility(table)).toEqual({ code: true, name: true, note: false, total: true });
  });

  it('remembers a choice per user and table, storing only what differs from the defaults', () => {
    const storage = memoryStorage();
    saveVisibility(storage, 'u1', table, { code: true, name: false, note: true, total: true });
    expect(JSON.parse(storage.items.get(columnsStorageKey('u1', 'sample')) ?? '{}')).toEqual({ name: false, note: true });
    expect(loadVisibility(storage, 'u1', table)).toEqual({ code: true, name: false, note: true, total: true });
    expect(loadVisibility(storage, 'u2', table)).toEqual(defaultVisibility(table));

    saveVisibility(storage, 'u1', table, defaultVisibility(table));
    expect(storage.items.size).toBe(0);
  });

  it('ignores unknown fields and damaged entries', () => {
    const storage = memoryStorage();
    storage.setItem(columnsStorageKey('u1', 'sample'), JSON.stringify({ gone: false, name: 'no', total: false }));
    expect(loadVisibility(storage, 'u1', table)).toEqual({ code: true, name: true, note: false, total: false });
    storage.setItem(columnsStorageKey('u1', 'sample'), '{not json');
    expect(loadVisibility(storage, 'u1', table)).toEqual(defaultVisibility(table));
  });

  it('reads a partial grid model as "shown" for the fields it leaves out', () => {
    expect(completeVisibility(table, { note: false })).toEqual({ code: true, name: true, note: false, total: true });
  });
});
