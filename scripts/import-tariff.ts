import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { DataDirInUseError, migrateDatabase, openDatabase } from '../server/db/client.js';
import { importKinds, type ImportKind, importLookupFile } from '../server/lookup/import-lookup-file.js';
import { normaliseYear } from '../common/lookup/query.js';
import { kindTakesYear } from '../common/admin/schemas.js';

const usage = `Usage: npm run import-tariff -- --year 2022 [--kind ${importKinds.join('|')}] <file.csv|file.xlsx>

Replaces the lookup data of that kind (tariff lines, their specialised procedures, classification decisions and origin rules per year;
regulations, certificate-of-origin records, and the synonyms and Korean product names added to the search's own, as a whole) in one transaction.`;

/** Loads a tariff year, decisions, regulations, origin rules or CO records from CSV or XLSX into the configured database. */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { year: { type: 'string' }, kind: { type: 'string', default: 'tariff' }, help: { type: 'boolean' } }, allowPositionals: true });
  const kind = values.kind as ImportKind;
  if (values.help || positionals.length !== 1 || !importKinds.includes(kind)) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const perYear = kindTakesYear(kind);
  if (perYear && !values.year) {
    console.error(`--year is needed for ${kind}.\n\n${usage}`);
    return 2;
  }
  const year = normaliseYear(values.year);
  if (perYear && String(year) !== values.year) console.warn(`Year ${values.year} is not one of 2017–2023; storing it as ${year}.`);
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`${error.message}\nThe embedded database can be imported into only while the server is stopped.`);
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(database);
    const started = Date.now();
    const count = await importLookupFile({ database, kind, year, file: positionals[0]! });
    console.log(`Imported ${count} ${kind} rows${perYear ? ` for ${year}` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (error) {
    console.error(`Import failed, nothing was changed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
