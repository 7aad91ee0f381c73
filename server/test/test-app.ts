import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import { dropDatabase, recreateDatabase, withDatabase } from './global-setup.js';

export interface TestDatabase {
  database: Database;
  dispose: () => Promise<void>;
}

/** A fresh, migrated database of its own: a PGlite copy of the template, or a PostgreSQL clone of it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const templateName = new URL(postgresTemplate).pathname.slice(1);
    const name = `${templateName.replace(/_template$/, '')}_${crypto.randomBytes(4).toString('hex')}`;
    await recreateDatabase(postgresTemplate, name, templateName);
    const database = await openPostgres(withDatabase(postgresTemplate, name), 5);
    return { database, dispose: async () => { await database.close(); await dropDatabase(postgresTemplate, name); } };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const database = await openPglite({ loadDataDir: new Blob([dump]) });
  return { database, dispose: () => database.close() };
}

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: Config;
  /** Closes the app, the database and removes the data directory. */
  close: () => Promise<void>;
}

/** A mailer that keeps what it sends, for reading codes in tests. */
export function captureMail(): Mailer & { sent: Mail[]; lastCode: (to: string) => string } {
  const sent: Mail[] = [];
  return {
    sent,
    send: async (mail) => { sent.push(mail); },
    lastCode: (to) => {
      const mail = [...sent].reverse().find((m) => m.to === to);
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was mailed to ${to}`);
      return code;
    },
  };
}

/** The real application over a fresh database, for requests through `app.inject` or a real port. */
export async function createTestApp(overrides: Partial<Config> = {}, mailer?: Mailer): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-data-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir }), webDir: path.join(dataDir, 'no-web'), ...overrides };
  const testDatabase = await createTestDatabase();
  const app = await buildApp({ config, database: testDatabase.database, ...(mailer ? { mailer } : {}) });
  await app.ready();
  return {
    ...testDatabase,
    app,
    config,
    close: async () => {
      await app.close();
      await testDatabase.dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers and confirms an account through the API; answers its access token. */
export async function signUp(app: FastifyInstance, mail: ReturnType<typeof captureMail>, email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name: email.split('@')[0] } });
  const confirmed = await app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
  return confirmed.json().token.access_token as string;
}
