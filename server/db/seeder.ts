import type { Database } from './client.js';

/** One idempotent seeding step: it checks what exists and adds only what is missing. */
export type Seeder = { name: string; run: (database: Database) => Promise<void> };
