import type { Database } from './client.js';

/**
 * One idempotent seeding step: it checks what exists and adds only what is missing. `log` tells the person starting the
 * server what a long step is loading, since a first start spends most of its time here.
 */
export type Seeder = { name: string; run: (database: Database, log?: (message: string) => void) => Promise<void> };
