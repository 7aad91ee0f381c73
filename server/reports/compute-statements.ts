import type { CheckRow, Form16Row, SourceLine, Statement15aRow, Statement15Row } from '../../common/statements/schemas.js';
import { type FormGeneration, generationOf } from '../../common/statements/generation.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import type { ReportComputations } from './report-runs.js';
import { coFormSchedules, exemptImportTypes } from './tariff-rates.js';
import { checkStatementQuery, drillQuery, form16Query, statementQuery, unmappedTypeCodesQuery } from './statement-sql.js';

export type StatementForm = '15' | '15a';

/** The reporting period a statement covers: a folder set of the company. */
export interface Period {
  id: string;
  companyId: string;
  name: string;
  dateStart: string;
  dateEnd: string;
  regime: string;
  previousId: string | null;
  /** The finalization forms its reports follow: the company's choice, else by its end date. */
  generation: FormGeneration;
}

interface StatementSqlRow {
  code: string; name: string | null; unit: string | null;
  begin: string; take_in: string; re_export: string; re_purpose: string; export_to_produce: string; other_export: string; exportt: string;
  closing: string; negative: boolean; unit_problems: string[]; total_rows: number;
  total_begin: string; total_take_in: string; total_re_export: string; total_re_purpose: string; total_export_to_produce: string;
  total_other_export: string; total_exportt: string; total_closing: string;
  take_in_declared: string; total_take_in_declared: string;
}

/** A computed statement: its rows and totals in the form's own column names, and the period's open questions. */
export interface Statement<R> {
  rows: R[];
  /** One per unit, in unit order: quantities in different units are never added together. */
  totals: Array<Omit<R, 'code' | 'name' | 'note' | 'negative' | 'problems'>>;
  unmappedTypeCodes: Array<{ type_code: string; lines: number }>;
}

export async function loadPeriod(run: Run, companyId: string, folderSetId: string): Promise<Period> {
  const [row] = await run<{ id: string; company_id: string; name: string; date_start: string; date_end: string; type_code: string; previous_folder_set_id: string | null; form_generation: FormGeneration | null }>(
    `SELECT f.id, f.company_id, f.name, f.date_start::text, f.date_end::text, f.type_code, f.previous_folder_set_id, c.form_generation
       FROM folder_sets f JOIN companies c ON c.id = f.company_id WHERE f.id = $1 AND f.company_id = $2`,
    [folderSetId, companyId]);
  if (!row) throw new AppError('not_found', 'Folder set not found.');
  return {
    id: row.id, companyId: row.company_id, name: row.name, dateStart: row.date_start, dateEnd: row.date_end, regime: row.type_code,
    previousId: row.previous_folder_set_id, generation: generationOf(row.date_end, row.form_generation),
  };
}

/**
 * The opening of a period: the computed closing of the period it names as previous (itself computed the same
 * way, back along the chain), or null when it names none and the opening balances table gives it.
 */
async function previousClosing(run: Run, period: Period, form: StatementForm, seen: Set<string>): Promise<string | null> {
  if (!period.previousId) return null;
  if (seen.has(period.previousId)) throw new AppError('conflict', 'The chain of previous periods loops back on itself.');
  const previous = await loadPeriod(run, period.companyId, period.previousId);
  const rows = await statementRows(run, previous, form, new Set([...seen, period.id]));
  return JSON.stringify(rows.map((row) => ({ code: row.code, name: row.name, unit: row.unit, quantity: row.closing })));
}

async function statementRows(run: Run, period: Period, form: StatementForm, seen = new Set<string>()): Promise<StatementSqlRow[]> {
  const opening = await previousClosing(run, period, form, seen);
  return run<StatementSqlRow>(statementQuery, [period.companyId, period.id, period.dateStart, period.dateEnd, period.regime, opening, form]);
}

const problemsOf = (row: StatementSqlRow): Statement15Row['problems'] => [
  ...(row.negative ? [{ kind: 'negative_closing' as const }] : []),
  ...row.unit_problems.map((detail) => ({ kind: 'unit_mismatch' as const, detail })),
];

/** The rows that carry the totals of each unit (every row of a unit carries the same), in unit order. */
const firstOfEachUnit = (rows: StatementSqlRow[]) =>
  [...new Map(rows.map((row) => [row.unit, row])).values()].sort((a, b) => (a.unit ?? '').localeCompare(b.unit ?? ''));

const unmappedTypeCodes = (run: Run, period: Period) =>
  run<{ type_code: string; lines: number }>(unmappedTypeCodesQuery, [period.companyId, period.id, period.dateStart, period.dateEnd, period.regime, null, '15']);

/** Statement 15 (Form 15/BCQT-NVL/GSQL): imported materials over the period. */
export async function computeStatement15(run: Run, period: Period): Promise<Statement<Statement15Row>> {
  // One after the other: a report run computes in one transaction, whose connection takes one statement at a time.
  const rows = await statementRows(run, period, '15');
  const unmapped = await unmappedTypeCodes(run, period);
  return {
    rows: rows.map((row) => ({
      code: row.code, name: row.name, unit: row.unit, begin_value: row.begin, take_in: row.take_in, re_export: row.re_export,
      re_purpose: row.re_purpose, export_to_produce: row.export_to_produce, other_export: row.other_export, end_value: row.closing,
      note: null, negative: row.negative, problems: problemsOf(row),
    })),
    totals: firstOfEachUnit(rows).map((row) => ({
      unit: row.unit, begin_value: row.total_begin, take_in: row.total_take_in, re_export: row.total_re_export,
      re_purpose: row.total_re_purpose, export_to_produce: row.total_export_to_produce, other_export: row.total_other_export, end_value: row.total_closing,
    })),
    unmappedTypeCodes: unmapped,
  };
}

/** Form 15a's intake apart, as Circular 121 shows it: products received from production, and goods declared back in (re-imported, returned). */
const intakeOf = (takeIn: string, declared: string) => ({ take_in_production: String(Number(takeIn) - Number(declared)), take_in_returned: declared });

/** Statement 15A (Form 15a/BCQT-SP/GSQL): finished products over the period. */
export async function computeStatement15a(run: Run, period: Period): Promise<Statement<Statement15aRow>> {
  const rows = await statementRows(run, period, '15a');
  const unmapped = await unmappedTypeCodes(run, period);
  return {
    rows: rows.map((row) => ({
      code: row.code, name: row.name, unit: row.unit, begin_quantity: row.begin, take_in: row.take_in, ...intakeOf(row.take_in, row.take_in_declared),
      re_purpose: row.re_purpose, exportt: row.exportt, other_export: row.other_export, end_quantity: row.closing, note: null, negative: row.negative,
      problems: problemsOf(row),
    })),
    totals: firstOfEachUnit(rows).map((row) => ({
      unit: row.unit, begin_quantity: row.total_begin, take_in: row.total_take_in, ...intakeOf(row.total_take_in, row.total_take_in_declared),
      re_purpose: row.total_re_purpose, exportt: row.total_exportt, other_export: row.total_other_export, end_quantity: row.total_closing,
    })),
    unmappedTypeCodes: unmapped,
  };
}

/** The statement column names of the API mapped to the movements' own (begin and closing are named per form). */
const movementColumn: Record<string, string> = {
  begin_value: 'begin', begin_quantity: 'begin', end_value: 'closing', end_quantity: 'closing',
  take_in: 'take_in', re_export: 're_export', re_purpose: 're_purpose', export_to_produce: 'export_to_produce', other_export: 'other_export', exportt: 'exportt',
};
export const drillColumns = Object.keys(movementColumn);

/** The source lines that make one cell of a statement (a closing lists every line of the code). */
export async function drillStatementCell(run: Run, period: Period, form: StatementForm, code: string, column: string): Promise<SourceLine[]> {
  const name = movementColumn[column];
  if (!name) throw new AppError('validation_error', 'Unknown column.', { fields: { drill: [`Use one of ${drillColumns.join(', ')}.`] } });
  const opening = await previousClosing(run, period, form, new Set());
  const rows = await run<Omit<SourceLine, 'column'> & { column_name: string }>(drillQuery,
    [period.companyId, period.id, period.dateStart, period.dateEnd, period.regime, opening, form, code, name]);
  return rows.map(({ column_name: movement, ...row }) => ({ ...row, column: movement }));
}

export interface CheckStatement {
  rows: CheckRow[]; totalDutyExposure: string; openRows: number;
  /** Rows with a shortfall whose duty cannot be computed: their latest import has no value; the total leaves them out. */
  dutyUnknownRows: number;
  /** Rows whose duty at stake uses a value derived from the invoice value × exchange rate. */
  derivedValueRows: number;
}

/** The check statement (domain §6) of a period at a tolerance in percent. */
export async function computeCheckStatement(run: Run, period: Period, tolerancePercent: number): Promise<CheckStatement> {
  const opening = await previousClosing(run, period, '15', new Set());
  const rows = await run<CheckRow & { total_rows: number; total_duty_exposure: string; open_rows: number; duty_unknown_rows: number; derived_value_rows: number }>(checkStatementQuery,
    [period.companyId, period.id, period.dateStart, period.dateEnd, period.regime, opening, '15', tolerancePercent, JSON.stringify(coFormSchedules),
      exemptImportTypes[period.regime] ?? []]);
  return {
    rows: rows.map(({ total_rows: _rows, total_duty_exposure: _total, open_rows: _open, duty_unknown_rows: _unknown, derived_value_rows: _derived, ...row }) => row),
    totalDutyExposure: rows[0]?.total_duty_exposure ?? '0',
    openRows: rows[0]?.open_rows ?? 0,
    dutyUnknownRows: rows[0]?.duty_unknown_rows ?? 0,
    derivedValueRows: rows[0]?.derived_value_rows ?? 0,
  };
}

/** Records a reviewer's verdict on a check-statement row. */
export async function reviewCheckRow(run: Run, options: { period: Period; code: string; status: CheckRow['status']; explanation: string | null; userId: string }): Promise<void> {
  await run(
    `INSERT INTO check_statement_notes (folder_set_id, code, company_id, status, explanation, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (folder_set_id, code) DO UPDATE SET status = EXCLUDED.status, explanation = EXCLUDED.explanation, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [options.period.id, options.code, options.period.companyId, options.status, options.explanation, options.userId]);
}

/** Form 16: the actual norms of the period's exported products (see form16Query). */
export async function computeForm16(run: Run, period: Period): Promise<Form16Row[]> {
  const opening = await previousClosing(run, period, '15', new Set());
  return run<Form16Row>(form16Query, [period.companyId, period.id, period.dateStart, period.dateEnd, period.regime, opening, '15', period.generation]);
}

/** The reports of a folder set as jobs compute them (server/reports/report-runs.ts): `check-statement:1` at 1 % tolerance. */
export const statementComputations: ReportComputations = {
  'statement-15': async (run, job) => computeStatement15(run, await loadPeriod(run, job.companyId, job.folderSetId)),
  'statement-15A': async (run, job) => computeStatement15a(run, await loadPeriod(run, job.companyId, job.folderSetId)),
  'check-statement': async (run, job) => computeCheckStatement(run, await loadPeriod(run, job.companyId, job.folderSetId), Number(job.report.split(':')[1] ?? 1)),
  'form-16': async (run, job) => computeForm16(run, await loadPeriod(run, job.companyId, job.folderSetId)),
};
