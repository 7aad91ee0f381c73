import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { resourceNamed } from '../../common/resources/index.js';
import { demoAccount } from '../companies/seed-demo-account.js';
import { companyDataChanged } from '../db/data-version.js';
import { inTransaction, type Run, runner } from '../db/run.js';
import type { Seeder } from '../db/seeder.js';
import { refreshFolderSet } from './derived-rows.js';
import { type DemoRow, demoCompanyName, demoTables } from './demo-tables.js';

const sqlTypes: Record<FieldDefinition['kind'], string> = { text: 'text', code: 'text', choice: 'text', decimal: 'numeric', integer: 'integer', date: 'date' };

/** All rows of one table in one statement: each column travels as a text array and is cast on the way in. */
async function insertRows(run: Run, resource: ResourceDefinition, scope: { companyId: string; folderSetId: string }, rows: DemoRow[]): Promise<void> {
  if (rows.length === 0) return;
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const types = names.map((name) => {
    const definition = resource.fields[name];
    if (!definition) throw new Error(`${resource.name} has no field ${name}`);
    return sqlTypes[definition.kind];
  });
  const columns = names.map((name) => rows.map((row) => (row[name] === null || row[name] === undefined ? null : String(row[name]))));
  await run(
    `INSERT INTO ${resource.table} (company_id, folder_set_id, ${names.map((name) => `"${name}"`).join(', ')})
     SELECT $1::uuid, $2::uuid, ${names.map((_, i) => `u.c${i}::${types[i]}`).join(', ')}
       FROM unnest(${names.map((_, i) => `$${i + 3}::text[]`).join(', ')}) WITH ORDINALITY AS u(${names.map((_, i) => `c${i}`).join(', ')}, n)
      ORDER BY u.n`,
    [scope.companyId, scope.folderSetId, ...columns],
  );
}

/**
 * Fills the demo company's first folder set with a garment maker's year (see demo-tables.ts), once: a
 * company that already has declaration lines is left alone, so nothing entered or imported is touched.
 * Runs only where the demo account seeder made the company, which is only the embedded database.
 */
export const demoTablesSeeder: Seeder = {
  name: 'demo company tables',
  run: async (database) => {
    const [target] = await runner(database)<{ company_id: string; folder_set_id: string; year: number }>(
      `SELECT c.id AS company_id, f.id AS folder_set_id, f.year
         FROM users u
         JOIN memberships m ON m.user_id = u.id
         JOIN companies c ON c.id = m.company_id AND c.created_by = u.id
         JOIN folder_sets f ON f.company_id = c.id
        WHERE u.email = $1 AND c.name = $2
        ORDER BY c.created_at, f.created_at, f.id
        LIMIT 1`,
      [demoAccount.email, demoCompanyName],
    );
    if (!target) return;
    const scope = { companyId: target.company_id, folderSetId: target.folder_set_id };
    await inTransaction(database, async (run) => {
      const [existing] = await run<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM ecus_lines WHERE company_id = $1) AS found', [scope.companyId]);
      if (existing?.found) return;
      for (const [name, rows] of Object.entries(demoTables(target.year))) await insertRows(run, resourceNamed(name), scope, rows);
      for (const name of Object.keys(demoTables(target.year))) await refreshFolderSet(run, resourceNamed(name), scope.companyId, scope.folderSetId);
      await companyDataChanged(run, scope.companyId);
    });
  },
};
