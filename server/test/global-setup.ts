import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite cluster; each test file starts from a copy. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated database each test file clones with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string;
  }
}

/** Migrates once per run, so each test file starts from a ready database in well under a second. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `${new URL(url).pathname.slice(1) || 'postgres'}_template`;
    await recreateDatabase(url, template);
    const templateUrl = withDatabase(url, template);
    const database = await openPostgres(templateUrl, 1);
    await migrateDatabase(database);
    await database.close();
    project.provide('postgresTemplate', templateUrl);
    project.provide('pgliteTemplate', '');
    return async () => dropDatabase(url, template);
  }
  const database = await openPglite();
  await migrateDatabase(database);
  if (database.kind !== 'pglite') throw new Error('unreachable');
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-test-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => fs.rm(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A connection to the server's maintenance database. Never the template itself: PostgreSQL refuses to
 * copy a template while anyone, even another test file cloning it, is connected to it.
 */
const adminClient = (url: string) => new pg.Client({ connectionString: withDatabase(url, 'postgres') });

export async function recreateDatabase(url: string, name: string, template?: string): Promise<void> {
  const admin = adminClient(url);
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    // Korean search needs a UTF-8 ctype; template0 lets us ask for one whatever the server's default.
    const create = template
      ? `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`
      : `CREATE DATABASE ${quoteIdent(name)} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(create);
        return;
      } catch (error) {
        // 55006: the template is still in use (a migration or another clone finishing); it frees up in moments.
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  const admin = adminClient(url);
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
