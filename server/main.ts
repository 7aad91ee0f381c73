import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataDirInUseError, migrateDatabase, openDatabase } from './db/client.js';
import { seedDatabase } from './seed.js';
import { demoAccount } from './companies/seed-demo-account.js';
import { runner } from './db/run.js';
import { sweepInterruptedImports } from './imports/import-jobs.js';
import { purgeUploads } from './imports/uploads.js';
import { sweepInterruptedLookupLoads } from './admin/lookup-loads.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, databasePooling: config.databasePooling });
  } catch (error) {
    console.error(error instanceof DataDirInUseError ? error.message : `Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL';
  console.log(`Database: ${where}; applying migrations…`);
  // Servers started at once seed one after another: the seeders check what is there, and would both find it missing.
  await migrateDatabase(database, async () => {
    console.log('Checking the data every installation starts with (tariff, demo account and its tables)…');
    await seedDatabase(database, { demoTariff: config.demoTariff, demoAccount: config.demoAccount, log: (message) => console.log(message) });
  });
  const run = runner(database);
  // The embedded database has no other server: every unfinished import or lookup load was this data directory's last run's.
  const staleMs = database.kind === 'pglite' ? 0 : config.jobStaleMs;
  await sweepInterruptedImports(run, staleMs);
  await sweepInterruptedLookupLoads(run, staleMs);
  await purgeUploads({ run, dataDir: config.dataDir });

  const app = await buildApp({ config, database }, { logger: true });
  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${config.port}${config.basePath}/`;
  console.log(`Dutybook is running at ${url}`);
  if (database.kind === 'pglite' && config.demoAccount) console.log(`Demo account: ${demoAccount.email} / ${demoAccount.password}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
