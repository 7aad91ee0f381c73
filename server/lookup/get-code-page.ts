import type { Database } from '../db/client.js';
import { rateSchedules } from '../../common/lookup/duty-rate.js';
import { normaliseCode, parseSection } from '../../common/hs/code.js';
import { type CodePage, type DutyRateRow, psrAgreements, type Regulation, type TariffDoc, type TreeNode } from '../../common/lookup/schemas.js';
import { readProcedures } from '../../common/lookup/procedures.js';
import { AppError, notFound } from '../http/errors.js';
import { decisionColumns, type Run, runner, tariffColumns } from './sql.js';

/** The codes a rule or regulation may be attached to for a line: the line and every ancestor code. */
export const codePrefixes = (id: string): string[] => (parseSection(id) ? [id] : [2, 4, 6, 8].filter((n) => n <= id.length).map((n) => id.slice(0, n)));

export const hasChildrenColumn = `EXISTS (SELECT 1 FROM lookup_tariff_line c WHERE c.year = l.year AND c.parent_id = l.id) AS has_children`;

/** Regulations linked to a code, one of its ancestors, or (for a section) one of its chapters. */
export async function regulationsOfCodes(run: Run, codes: string[]): Promise<Regulation[]> {
  return run<Regulation>(`SELECT r.id, r.doc_no, r.doc_date::text AS doc_date, r.issuer, r.title, r.en_title, r.ko_title, r.summary, r.en_summary, r.ko_summary,
      ARRAY(SELECT hs FROM lookup_regulation_code x WHERE x.regulation_id = r.id ORDER BY hs) AS codes
    FROM lookup_regulation r WHERE EXISTS (SELECT 1 FROM lookup_regulation_code x WHERE x.regulation_id = r.id AND x.hs = ANY($1::text[]))
    ORDER BY r.doc_date DESC NULLS LAST, r.id`, [codes]);
}

/** Everything the page of one code shows: the line, its ancestors and children, origin rules, regulations, decisions. */
export async function getCodePage(options: { database: Database; code: string; year: number }): Promise<CodePage> {
  const id = parseSection(options.code) ?? normaliseCode(options.code);
  if (!id) throw notFound('No such code.');
  const run = runner(options.database);
  const [found] = await run<TariffDoc & { procedures: string }>(`SELECT ${tariffColumns}, l.procedures FROM lookup_tariff_line l WHERE l.year = $1 AND l.id = $2`, [options.year, id]);
  if (!found) throw notFound('No such code in this year.');
  const { procedures, ...doc } = found;
  const ancestors = await run<TariffDoc>(`WITH RECURSIVE up AS (
      SELECT * FROM lookup_tariff_line WHERE year = $1 AND id = $2
      UNION ALL SELECT p.* FROM lookup_tariff_line p JOIN up ON p.year = up.year AND p.id = up.parent_id)
    SELECT ${tariffColumns} FROM up l WHERE l.id <> $2 ORDER BY l.level`, [options.year, id]);
  const children = await run<TreeNode>(`SELECT ${tariffColumns}, ${hasChildrenColumn} FROM lookup_tariff_line l
    WHERE l.year = $1 AND l.parent_id = $2 ORDER BY l.position LIMIT 600`, [options.year, id]);
  const prefixes = codePrefixes(id);
  const rules = await run<{ agreement: string; hs: string; rule: string }>(`SELECT DISTINCT ON (agreement) agreement, hs, rule
    FROM lookup_origin_rule WHERE year = $1 AND hs = ANY($2::text[]) ORDER BY agreement, length(hs) DESC`, [options.year, prefixes]);
  const ruleOf = new Map(rules.map((rule) => [rule.agreement, rule]));
  const regulationCodes = parseSection(id) ? [id, ...children.map((child) => child.id)] : prefixes;
  const regulations = await regulationsOfCodes(run, regulationCodes);
  const decisions = parseSection(id) ? [] : await run(`SELECT ${decisionColumns} FROM lookup_decision d
    WHERE d.year = $1 AND d.hs LIKE $2 ORDER BY d.doc_date DESC NULLS LAST, d.id LIMIT 50`, [options.year, `${id}%`]);
  const dutyRates = await run<DutyRateRow>(`SELECT schedule, kind, percent::float8 AS percent, published, except_countries AS "exceptCountries"
    FROM lookup_tariff_rate WHERE year = $1 AND line_id = $2 ORDER BY array_position($3::text[], schedule) NULLS LAST, schedule`,
  [options.year, id, rateSchedules]);
  const years = await run<{ year: number }>('SELECT year::int AS year FROM lookup_tariff_line WHERE id = $1 ORDER BY year', [id]);
  return {
    doc,
    dutyRates,
    procedures: readProcedures(procedures),
    ancestors,
    children,
    originRules: psrAgreements.map((agreement) => ({ agreement, hs: ruleOf.get(agreement)?.hs ?? null, rule: ruleOf.get(agreement)?.rule ?? null })),
    regulations,
    decisions: decisions as CodePage['decisions'],
    years: years.map((row) => row.year),
  };
}

/** Regulations that apply to a code: linked to it or to one of its ancestors. */
export async function listRegulationsOfCode(options: { database: Database; code: string }): Promise<Regulation[]> {
  const id = parseSection(options.code) ?? normaliseCode(options.code);
  if (!id) throw new AppError('validation_error', 'hs must be a code or a section numeral.', { fields: { hs: ['Not a code.'] } });
  return regulationsOfCodes(runner(options.database), codePrefixes(id));
}
