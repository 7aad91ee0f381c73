import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs every bench/*.bench.ts (or those named by the arguments, or whose names contain one) one after another,
 * each in its own process so that one benchmark's memory and JIT state do not colour the next.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = fs.readdirSync(dir).filter((name) => name.endsWith('.bench.ts'));
// A filter naming a benchmark exactly (`load`) runs that one alone, not every name containing it (`first-load`).
const matches = (filter: string) => (benches.includes(`${filter}.bench.ts`) ? [`${filter}.bench.ts`] : benches.filter((name) => name.includes(filter)));
const files = [...new Set(filters.length === 0 ? benches : filters.flatMap(matches))].sort();
if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ') || '*.bench.ts'} in ${dir}.`);
  process.exit(2);
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
