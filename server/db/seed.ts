import type { Database } from './client.js';
import type { Seeder } from './seeder.js';
import { lookupSeeder } from '../lookup/seed-lookup.js';
import { demoAccountSeeder } from '../auth/seed-demo-account.js';
import { demoTablesSeeder } from '../resources/seed-demo-tables.js';


/** Demo data loaded at start-up so a fresh clone has something to look at. Order matters. */
export const seeders: Seeder[] = [lookupSeeder, demoAccountSeeder, demoTablesSeeder];

export async function seedDatabase(database: Database, log: (message: string) => void = () => undefined): Promise<void> {
  for (const seeder of seeders) {
    await seeder.run(database);
    log(`seeded ${seeder.name}`);
  }
}
