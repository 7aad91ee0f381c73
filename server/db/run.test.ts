import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessTables } from '../resources/tables.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { openPostgres } from './client.js';
import { copyInto, planKeepingRunner, type RowsOwner, type Run, runner } from './run.js';

describe('copyInto', () => {
  let t: TestDatabase;
  let run: Run;
  let owner: RowsOwner;
  const count = async () => (await run<{ n: number }>('SELECT count(*)::int AS n FROM scrap_balances'))[0]!.n;

  beforeAll(async () => {
    t = await createTestDatabase();
    run = runner(t.database);
    const [company] = await run<{ id: string }>("INSERT INTO companies (slug, name) VALUES ('copy-into', 'Copy') RETURNING id");
    const [folder] = await run<{ id: string }>(
      "INSERT INTO folder_sets (company_id, slug, name, year, date_start, date_end, type_code) VALUES ($1, 'f', 'F', 2025, '2025-01-01', '2025-12-31', 'E31') RETURNING id",
      [company!.id],
    );
    owner = { companyId: company!.id, folderSetId: folder!.id };
  });
  afterAll(() => t.dispose());

  // Business tables are copied with triggers off on PGlite: any trigger of their own would be skipped.
  it('finds no trigger on a business table but those of its references', async () => {
    const names = Object.values(businessTables).map((table) => getTableName(table));
    const triggers = await run<{ name: string }>(
      'SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgrelid::regclass::text = ANY($1::text[])', [names]);
    expect(triggers).toEqual([]);
  });

  it('loads rows that belong to their owner', async () => {
    await copyInto(t.database, 'scrap_balances', ['company_id', 'folder_set_id', 'code'], `${owner.companyId}\t${owner.folderSetId}\tA-1\n`, owner);
    expect(await count()).toBe(1);
  });

  it('refuses a batch whose folder set is gone, and loads none of it', async () => {
    const gone = { ...owner, folderSetId: '00000000-0000-4000-8000-000000000000' };
    const text = `${owner.companyId}\t${owner.folderSetId}\tA-2\n${gone.companyId}\t${gone.folderSetId}\tA-3\n`;
    await expect(copyInto(t.database, 'scrap_balances', ['company_id', 'folder_set_id', 'code'], text, gone)).rejects.toThrow();
    expect(await count()).toBe(1);
  });
});

describe('planKeepingRunner', () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(); });
  afterAll(() => t.dispose());

  const statements = ['SELECT $1::int + 1 AS n', 'SELECT $1::int + 2 AS n', 'SELECT $1::int + 3 AS n'];

  it('answers as the plain runner, statements kept or not, on either engine', async () => {
    const run = planKeepingRunner(t.database, 2);
    for (let round = 0; round < 3; round += 1) {
      for (const [index, text] of statements.entries()) expect(await run<{ n: number }>(text, [round])).toEqual([{ n: round + index + 1 }]);
    }
  });

  it('keeps at most its number of statements prepared on a connection, the ones used last', async () => {
    const one = t.database.kind === 'postgres' ? await openPostgres((t.database.pool.options as { connectionString: string }).connectionString, 1) : t.database;
    try {
      const run = planKeepingRunner(one, 2);
      for (const text of [...statements, ...statements]) await run(text, [1]);
      const kept = await runner(one)<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'kept_%'");
      expect(kept.map((row) => row.statement.replace(/^PREPARE \w+ AS /, '')).sort()).toEqual([statements[1], statements[2]]);
      // One deallocated and prepared again runs as before, also when searches ask for it at once.
      expect(await Promise.all([5, 6, 7].map((n) => run<{ n: number }>(statements[0]!, [n])))).toEqual([[{ n: 6 }], [{ n: 7 }], [{ n: 8 }]]);
      expect(await run<{ text: string; list: string[] }>('SELECT $1::text AS text, $2::text[] AS list', ["l'eau \\", ['a', "b'c"]]))
        .toEqual([{ text: "l'eau \\", list: ['a', "b'c"] }]);
    } finally {
      if (one !== t.database) await one.close();
    }
  });
});
