import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs every bench/*.bench.ts (or those whose names contain one of the arguments) one after another,
 * each in its own process so that one benchmark's memory and JIT state do not colour the next.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = fs.readdirSync(dir).filter((name) => name.endsWith('.bench.ts') && (filters.length === 0 || filters.some((f) => name.includes(f)))).sort();
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
