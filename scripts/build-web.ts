import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`'s build of the web app, done once per version of its sources: a digest of everything the build reads
 * (web/ but its output, common/, the Vite and TypeScript configuration, the locked dependencies) is kept beside the
 * built app, and a start whose sources give the same digest serves the app already built instead of spending a
 * quarter of a minute rebuilding it. `--force` builds regardless.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'web', 'dist');
const digestFile = path.join(outDir, '.source-digest');

const inputs = ['web', 'common', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
const skipped = new Set([outDir, path.join(root, 'web', 'node_modules')]);

function filesOf(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const itemPath = path.join(dir, item.name);
      if (skipped.has(itemPath)) continue;
      if (item.isDirectory()) walk(itemPath);
      else if (item.isFile()) found.push(itemPath);
    }
  };
  walk(full);
  return found;
}

/** The digest of the build's sources: each file's path and content, in a fixed order. */
export function sourceDigest(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf)) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function main(): void {
  const force = process.argv.includes('--force');
  const digest = sourceDigest();
  const built = existsSync(path.join(outDir, 'index.html')) && existsSync(digestFile) ? readFileSync(digestFile, 'utf8').trim() : '';
  if (!force && built === digest) {
    console.log('Web app: already built from these sources (web/dist); not rebuilding.');
    return;
  }
  console.log(built ? 'Web app: its sources changed since the last build; building it (about 20 s)…' : 'Web app: building it for the first time (about 20 s)…');
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(digestFile, `${digest}\n`);
  console.log(`Web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
