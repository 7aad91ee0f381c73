import type { Database } from '../db/client.js';
import { levelOfCode, normaliseCode, parseSection } from '../../common/hs/code.js';
import { maxRows, maxSectionRows } from '../../common/lookup/query.js';
import { type LookupLang, lookupLangSchema, type ShippedTariffSource, type TariffSource, type TreeNode } from '../../common/lookup/schemas.js';
import { AppError } from '../http/errors.js';
import { runner, tariffColumns } from './sql.js';
import { hasChildrenColumn } from './get-code-page.js';

/** Largest load of a heading's subtree. */
const maxSubtreeRows = 20_000;

/**
 * One level of the HS tree: sections (and a chapter outside them, as Vietnam's 98), then chapters, then headings; a heading opens
 * with its whole subtree (subheadings and national lines, in tariff order) as the tree shows it.
 */
export async function listTreeNodes(options: { database: Database; year: number; parent?: string }): Promise<TreeNode[]> {
  const run = runner(options.database);
  if (!options.parent) {
    return run<TreeNode>(`SELECT ${tariffColumns}, true AS has_children FROM lookup_tariff_line l
      WHERE l.year = $1 AND l.parent_id IS NULL AND l.level <= 2 ORDER BY l.position LIMIT ${maxSectionRows}`, [options.year]);
  }
  const parent = parseSection(options.parent) ?? normaliseCode(options.parent);
  if (!parent) throw new AppError('validation_error', 'The parent must be a section numeral or a code.', { fields: { parent: ['Not a code.'] } });
  if (levelOfCode(parent) < 4) {
    return run<TreeNode>(`SELECT ${tariffColumns}, ${hasChildrenColumn} FROM lookup_tariff_line l
      WHERE l.year = $1 AND l.parent_id = $2 ORDER BY l.position LIMIT ${maxRows}`, [options.year, parent]);
  }
  return run<TreeNode>(`SELECT ${tariffColumns}, ${hasChildrenColumn} FROM lookup_tariff_line l
    WHERE l.year = $1 AND l.id LIKE $2 AND l.id <> $3 ORDER BY l.position LIMIT ${maxSubtreeRows}`, [options.year, `${parent}%`, parent]);
}

interface SourceRow { origin: TariffSource['origin'] | null; loaded_at: string; file_name: string; shipped: ShippedTariffSource | null; loaded_by: string | null }

function sourceOf(row: SourceRow): TariffSource | null {
  if (row.origin === 'shipped' && row.shipped) return { origin: 'shipped', loaded_at: row.loaded_at, shipped: row.shipped };
  if (row.origin === 'demonstration') return { origin: 'demonstration', loaded_at: row.loaded_at };
  if (row.origin === 'file') return { origin: 'file', loaded_at: row.loaded_at, file_name: row.file_name, loaded_by: row.loaded_by };
  return null;
}

/**
 * The years that hold tariff lines, newest first, each with the languages its descriptions are written in and where its
 * lines come from (an administrator by name: the lookup is public, their address stays in the administration area).
 */
export async function listTariffEditions(options: { database: Database }): Promise<Array<{ year: number; languages: LookupLang[]; source: TariffSource | null }>> {
  // Korean counts where lines below the headings have it: Dutybook's Korean heading names (korean-headings.ts) do not
  // make a year a Korean edition.
  const rows = await runner(options.database)<{ year: number; vi: boolean; en: boolean; ko: boolean } & SourceRow>(`WITH editions AS (
      SELECT year, bool_or(description <> '') AS vi, bool_or(en_description <> '') AS en, bool_or(ko_description <> '' AND length(id) = 8 AND right(id, 4) <> '0000') AS ko
        FROM lookup_tariff_line GROUP BY year)
    SELECT e.year::int AS year, e.vi, e.en, e.ko, s.origin, s.file_name, s.shipped, u.name AS loaded_by,
      to_char(s.loaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS loaded_at
    FROM editions e LEFT JOIN lookup_tariff_source s ON s.year = e.year LEFT JOIN users u ON u.id = s.loaded_by
    ORDER BY e.year DESC`);
  return rows.map((row) => ({ year: row.year, languages: lookupLangSchema.options.filter((lang) => row[lang]), source: sourceOf(row) }));
}

/** How many classification decisions and certificate-of-origin records are loaded: the screens say so when there are none. */
export async function countHeldRecords(options: { database: Database }): Promise<{ decisions: number; co_records: number }> {
  const [row] = await runner(options.database)<{ decisions: number; co_records: number }>(
    'SELECT (SELECT count(*) FROM lookup_decision)::int AS decisions, (SELECT count(*) FROM lookup_co_record)::int AS co_records');
  return { decisions: row?.decisions ?? 0, co_records: row?.co_records ?? 0 };
}
