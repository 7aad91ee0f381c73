import type { Database } from '../db/client.js';
import type { Seeder } from '../db/seeder.js';
import { demoCoRecords, demoDecisions, demoOriginRules, demoRegulations, demoTariffLines, demoYear } from './demo-data.js';
import { replaceCoRecords, replaceDecisions, replaceOriginRules, replaceRegulations, replaceTariffYear } from './replace-lookup-data.js';
import { runner } from './sql.js';

const isEmpty = async (database: Database, table: string) =>
  (await runner(database)<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS found`))[0]?.found !== true;

/** Loads the demo lookup data into whatever is still empty, so imported data is never overwritten. */
export const lookupSeeder: Seeder = {
  name: 'lookup demo data',
  run: async (database) => {
    if (await isEmpty(database, 'lookup_tariff_line')) await replaceTariffYear({ database, year: demoYear, lines: demoTariffLines });
    if (await isEmpty(database, 'lookup_decision')) await replaceDecisions({ database, year: demoYear, decisions: demoDecisions });
    if (await isEmpty(database, 'lookup_regulation')) await replaceRegulations({ database, regulations: demoRegulations });
    if (await isEmpty(database, 'lookup_origin_rule')) await replaceOriginRules({ database, year: demoYear, rules: demoOriginRules });
    if (await isEmpty(database, 'lookup_co_record')) await replaceCoRecords({ database, records: demoCoRecords });
  },
};
