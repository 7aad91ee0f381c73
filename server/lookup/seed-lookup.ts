import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ShippedTariffSource, shippedTariffSourceSchema } from '../../common/lookup/schemas.js';
import type { Database } from '../db/client.js';
import type { Seeder } from '../db/seeder.js';
import { demoCoRecords, demoDecisions, demoOriginRules, demoRegulations, demoTariffLines, demoYear } from './demo-data.js';
import { importLookupFile } from './import-lookup-file.js';
import { replaceCoRecords, replaceDecisions, replaceOriginRules, replaceRegulations, replaceTariffYear } from './replace-lookup-data.js';
import { runner } from './sql.js';

/** The Vietnamese tariff Dutybook ships (data/README.md), loaded as the default year on a fresh database. */
export const shippedTariffFile = fileURLToPath(new URL('../../data/vn-tariff.csv.gz', import.meta.url));

/** Where the shipped tariff comes from, kept beside it (data/vn-tariff.source.json): recorded with the year it fills. */
export const shippedTariffSource = (): ShippedTariffSource =>
  shippedTariffSourceSchema.parse(JSON.parse(readFileSync(new URL('../../data/vn-tariff.source.json', import.meta.url), 'utf8')));

const isEmpty = async (database: Database, rows: string) =>
  (await runner(database)<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${rows}) AS found`))[0]?.found !== true;

/**
 * Fills whatever lookup table is still empty, so imported data is never overwritten: the default tariff year with the
 * shipped real tariff (or, for tests that count on a small set, the demonstration lines), regulations (real numbers
 * and subjects) and origin rules from the demonstration set. The made-up decisions and certificates (numbered DEMO-…)
 * come only with the demonstration tariff: beside the real one a visitor would take them for real.
 */
export const lookupSeeder = (tariff: 'shipped' | 'demo'): Seeder => ({
  name: tariff === 'shipped' ? 'lookup: the shipped tariff and demo data' : 'lookup demo data',
  run: async (database, log) => {
    // The default year is always there; a year imported before the first start (2022, say) does not keep it out.
    if (await isEmpty(database, `lookup_tariff_line WHERE year = ${demoYear}`)) {
      if (tariff === 'shipped') {
        log?.(`loading the Vietnamese tariff as the ${demoYear} schedule (17,646 rows from data/vn-tariff.csv.gz, with its search index): once, on a fresh database; about a minute…`);
        await importLookupFile({ database, kind: 'tariff', year: demoYear, file: shippedTariffFile, tariffSource: { origin: 'shipped', shipped: shippedTariffSource() } });
      } else {
        await replaceTariffYear({ database, year: demoYear, lines: demoTariffLines, source: { origin: 'demonstration' } });
      }
    }
    if (tariff === 'demo' && await isEmpty(database, 'lookup_decision')) await replaceDecisions({ database, year: demoYear, decisions: demoDecisions });
    if (await isEmpty(database, 'lookup_regulation')) await replaceRegulations({ database, regulations: demoRegulations });
    if (await isEmpty(database, 'lookup_origin_rule')) await replaceOriginRules({ database, year: demoYear, rules: demoOriginRules });
    if (tariff === 'demo' && await isEmpty(database, 'lookup_co_record')) await replaceCoRecords({ database, records: demoCoRecords });
  },
});
