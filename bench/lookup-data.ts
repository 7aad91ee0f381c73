/**
 * The data and the query mix of the lookup's search benchmarks (lookup-search: latency through the API, lookup-cpu: CPU
 * per search one at a time): the Vietnamese tariff Dutybook ships with the Explanatory Notes of its headings, as a server
 * seeds them, in all eight tariff years, and generated Vietnamese classification decisions.
 */
import { type Database } from '../server/db/client.js';
import { importLookupFile } from '../server/lookup/import-lookup-file.js';
import { shippedHeadingNotes, shippedTariffFile } from '../server/lookup/seed-lookup.js';
import { type DecisionInput, replaceDecisions } from '../server/lookup/replace-lookup-data.js';
import { settleSearchIndexes } from '../server/db/search-indexes.js';
import { runner } from '../server/lookup/sql.js';
import { tariffYears } from '../common/lookup/query.js';

/** The year every request searches. */
export const searchedYear = 2022;

export interface MixQuery { q: string; mode: 'tariff' | 'classification'; lang: 'en' | 'vi'; exact?: boolean }

/** The fixed query mix: words, accentless Vietnamese, phrases and codes, both modes. */
export const mix: MixQuery[] = [
  { q: 'horses', mode: 'tariff', lang: 'en' },
  { q: 'nồi cơm điện', mode: 'tariff', lang: 'vi' },
  { q: 'air conditioner', mode: 'tariff', lang: 'en' },
  { q: 'máy lạnh', mode: 'tariff', lang: 'vi' },
  { q: '밥솥', mode: 'tariff', lang: 'en' },
  { q: 'nồi nấu cơm', mode: 'tariff', lang: 'en' },
  { q: 'ca phe', mode: 'tariff', lang: 'vi' },
  { q: 'thép không gỉ', mode: 'tariff', lang: 'vi' },
  { q: 'coffee', mode: 'tariff', lang: 'en' },
  { q: 'machines', mode: 'tariff', lang: 'en' },
  { q: 'stainless steel', mode: 'tariff', lang: 'en' },
  { q: 'cotton yarn', mode: 'tariff', lang: 'en' },
  { q: 'ca phe', mode: 'classification', lang: 'vi' },
  { q: 'dien thoai thong minh', mode: 'classification', lang: 'vi' },
  { q: 'thep khong gi', mode: 'classification', lang: 'vi' },
  { q: 'vai det kim', mode: 'classification', lang: 'vi' },
  { q: 'live animals', mode: 'tariff', lang: 'en', exact: true },
  { q: '"parts and accessories"', mode: 'tariff', lang: 'en' },
  { q: '0101', mode: 'tariff', lang: 'en' },
  { q: '8517.13', mode: 'tariff', lang: 'en' },
  { q: '85', mode: 'tariff', lang: 'en' },
  { q: '8517', mode: 'classification', lang: 'vi' },
];

const products: Array<[name: string, properties: string]> = [
  ['Cà phê nhân Robusta', 'Hạt cà phê chưa rang, chưa khử caffeine'],
  ['Cà phê rang xay', 'Cà phê đã rang và xay, đóng gói bán lẻ'],
  ['Điện thoại thông minh', 'Kết nối mạng di động, màn hình cảm ứng'],
  ['Thép không gỉ dạng cuộn', 'Thép cán phẳng, chiều rộng trên 600 mm'],
  ['Vải dệt kim từ bông', 'Vải dệt kim đan ngang, đã nhuộm'],
  ['Bộ phận máy may công nghiệp', 'Chi tiết bằng thép dùng cho máy may'],
  ['Chè xanh đóng gói', 'Lá chè chưa ủ men, sao khô'],
  ['Ống nhựa PVC', 'Ống cứng bằng plastic, đường kính 90 mm'],
];

function generateDecisions(codes: string[], year: number, perYear: number): DecisionInput[] {
  return Array.from({ length: perYear }, (_, i) => {
    const [name, properties] = products[i % products.length]!;
    return {
      docNo: `${i + 1}/TB-TCHQ`, docDate: `${year}-${String((i % 12) + 1).padStart(2, '0')}-15`, hs: codes[(i * 7919) % codes.length]!,
      productName: `${name} loại ${(i % 17) + 1}`, productProperties: `${properties}; lô ${i}`, productDescription: `Mẫu số ${i}`,
      enProductName: `Product ${i}`, enProductProperties: '',
    };
  });
}

/**
 * The shipped tariff in every year, with the Explanatory Notes a server seeds before it (each line's context holds its
 * heading's notes): imported once into the searched year, as an import computes its search columns, then its lines
 * copied into the other years in SQL, the rows an import of the same file writes (importing it eight times took most of
 * the run: 20–40 s a year on PGlite). The other years go without their duty rates, which no request of the mix reads
 * (copying them took longer than the lines: 2.4 million rows). Then `decisionsPerYear` decisions a year. Returns the
 * tariff lines loaded.
 */
export async function loadLookupBenchData(database: Database, decisionsPerYear: number, beforeAnalyse?: () => Promise<void>): Promise<number> {
  const run = runner(database);
  const notes = shippedHeadingNotes();
  await run(`INSERT INTO lookup_heading_note (heading, vi, en) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [notes.map((note) => note.heading), notes.map((note) => note.vi), notes.map((note) => note.en)]);
  const lines = await importLookupFile({ database, kind: 'tariff', year: searchedYear, file: shippedTariffFile });
  const columns = (await run<{ column_name: string }>(`SELECT column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'lookup_tariff_line' AND is_generated = 'NEVER' AND column_name <> 'year' ORDER BY ordinal_position`))
    .map((column) => column.column_name).join(', ');
  await run(`INSERT INTO lookup_tariff_line (year, ${columns}) SELECT other.year, ${columns}
    FROM lookup_tariff_line CROSS JOIN unnest($1::smallint[]) AS other(year) WHERE lookup_tariff_line.year = $2`,
  [tariffYears.filter((year) => year !== searchedYear), searchedYear]);
  // As an import leaves the indexes: their new entries merged, not pending.
  await settleSearchIndexes(run, 'lookup_tariff_line');
  const codes = (await run<{ id: string }>('SELECT id FROM lookup_tariff_line WHERE year = $1 AND level = 8', [searchedYear])).map((r) => r.id);
  for (const year of tariffYears) await replaceDecisions({ database, year, decisions: generateDecisions(codes, year, decisionsPerYear) });
  await beforeAnalyse?.();
  await run('ANALYZE');
  return lines * tariffYears.length;
}
