import type { Database } from './db/client.js';
import type { Seeder } from './db/seeder.js';
import { lookupSeeder } from './lookup/seed-lookup.js';
import { demoAccountSeeder } from './companies/seed-demo-account.js';
import { demoTablesSeeder } from './resources/seed-demo-tables.js';

/**
 * Data loaded at start-up so a fresh clone has the real tariff and something to look at. Order matters. The demo
 * tariff (DEMO_TARIFF) is the small set tests count on.
 */
export const seeders = (options: SeedOptions): Seeder[] => [lookupSeeder(options.demoTariff ? 'demo' : 'shipped'), demoAccountSeeder(options.demoAccount), demoTablesSeeder];

/** `demoAccount`: whether the published demo account may exist (config.demoAccount). */
export interface SeedOptions {
  demoTariff: boolean;
  demoAccount: boolean;
}

export async function seedDatabase(database: Database, options: SeedOptions & { log?: (message: string) => void }): Promise<void> {
  const log = options.log ?? (() => undefined);
  for (const seeder of seeders(options)) {
    const started = Date.now();
    await seeder.run(database, (message) => log(`  ${message}`));
    log(`seeded ${seeder.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
