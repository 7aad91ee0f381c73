import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.js';
import { businessTables } from './tables.js';

describe('business tables in the Drizzle schema', () => {
  it('names every derived table among the schema exports, where drizzle-kit looks for them', () => {
    const exported = new Set(Object.values(schema).filter((value) => is(value, PgTable)));
    const missing = Object.entries(businessTables).filter(([, table]) => !exported.has(table)).map(([name, table]) => `${name} (${getTableName(table)})`);
    expect(missing).toEqual([]);
  });
});
