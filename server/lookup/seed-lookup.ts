import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { type ShippedTariffSource, shippedTariffSourceSchema } from '../../common/lookup/schemas.js';
import type { Database } from '../db/client.js';
import type { Seeder } from '../db/seeder.js';
import { demoCoRecords, demoDecisions, demoOriginRules, demoRegulations, demoTariffLines, demoYear } from './demo-data.js';
import { importLookupFile } from './import-lookup-file.js';
import { replaceCoRecords, replaceDecisions, replaceOriginRules, replaceRegulations, replaceTariffYear } from './replace-lookup-data.js';
import { runner } from './sql.js';
import { koreanHeadingNames } from './korean-headings.js';
import { settleSearchIndexes } from '../db/search-indexes.js';

/** The Vietnamese tariff Dutybook ships (data/README.md), loaded as the default year on a fresh database. */
export const shippedTariffFile = fileURLToPath(new URL('../../data/vn-tariff.csv.gz', import.meta.url));

/** Where the shipped tariff comes from, kept beside it (data/vn-tariff.source.json): recorded with the year it fills. */
export const shippedTariffSource = (): ShippedTariffSource =>
  shippedTariffSourceSchema.parse(JSON.parse(readFileSync(new URL('../../data/vn-tariff.source.json', import.meta.url), 'utf8')));

/** The Explanatory Notes per heading shipped in data/lookup/ (see its README): heading, Vietnamese, English. */
export const shippedHeadingNotes = (): Array<{ heading: string; vi: string; en: string }> =>
  gunzipSync(readFileSync(new URL('../../data/lookup/heading-notes.tsv.gz', import.meta.url))).toString('utf8').split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [heading = '', vi = '', en = ''] = line.split('\t');
      return { heading, vi: vi.normalize('NFC'), en };
    });

/** Computes the search columns of every stored year again, from their lines, the notes and the heading names. */
async function recomputeSearchColumns(run: ReturnType<typeof runner>): Promise<void> {
  await run(`UPDATE lookup_tariff_line l
     SET words_tsv = c.words, context_tsv = c.context, search_tsv = c.words || c.context, accent_tsv = c.accents, main_tsv = c.main, head_tsv = c.head
    FROM (SELECT DISTINCT year FROM lookup_tariff_line) AS years, lookup_tariff_search_columns('lookup_tariff_line', years.year) AS c
   WHERE l.year = years.year AND l.id = c.id`);
}

/**
 * A migration that changes how the search columns are computed (0050: the accents of a line's ancestors and notes)
 * leaves a row in lookup_search_recompute: the stored years are computed again once, at the next start.
 */
async function recomputeAfterMigration(database: Database): Promise<void> {
  const run = runner(database);
  if (await isEmpty(database, 'lookup_search_recompute')) return;
  await recomputeSearchColumns(run);
  await settleSearchIndexes(run, 'lookup_tariff_line');
  await run('DELETE FROM lookup_search_recompute');
}

/**
 * Loads the shipped notes into an empty lookup_heading_note and computes again the search columns of the years already
 * stored (a database from before the notes), so their lines are found through them too.
 */
async function seedHeadingNotes(database: Database): Promise<void> {
  const notes = shippedHeadingNotes();
  const run = runner(database);
  await run(`INSERT INTO lookup_heading_note (heading, vi, en) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [notes.map((note) => note.heading), notes.map((note) => note.vi), notes.map((note) => note.en)]);
  await recomputeSearchColumns(run);
}

/**
 * Gives the Korean heading names to the stored years' headings that have no Korean text (a database from before the
 * names), and computes those years' search columns again; a year imported later gets them as it is imported.
 */
async function seedKoreanHeadingNames(database: Database): Promise<void> {
  const names = koreanHeadingNames();
  const run = runner(database);
  const named = `FROM unnest($1::text[], $2::text[]) AS k(heading, name)
    WHERE l.ko_description = '' AND left(l.id, 4) = k.heading AND (l.id = k.heading OR (l.id = k.heading || '0000' AND NOT EXISTS (
      SELECT 1 FROM lookup_tariff_line h WHERE h.year = l.year AND h.id = k.heading)))`;
  const params = [[...names.keys()], [...names.values()]];
  // Run at every start: the equality on the heading lets the lines be joined to the names by hash, not compared each
  // with every name.
  const [missing] = await run<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM lookup_tariff_line l, ${named.replace('FROM ', '')}) AS found`, params);
  if (!missing?.found) return;
  await run(`UPDATE lookup_tariff_line l SET ko_description = k.name ${named}`, params);
  await recomputeSearchColumns(run);
  await settleSearchIndexes(run, 'lookup_tariff_line');
}

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
    // The notes first: a tariff imported after them computes its search columns with them at once.
    if (await isEmpty(database, 'lookup_heading_note')) await seedHeadingNotes(database);
    await seedKoreanHeadingNames(database);
    await recomputeAfterMigration(database);
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
