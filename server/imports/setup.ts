import { isColumn } from '../../common/imports/cells.js';
import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { resourceNamed } from '../../common/resources/index.js';
import { fieldValueSchema, type FieldValue } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';

export type ImportType = 'IMPORT' | 'AMA' | 'CANCEL';
export const importTypes = ['IMPORT', 'AMA', 'CANCEL'] as const;

/** A field's sheet column: its letter and the header text it had when mapped. */
export interface ColumnMapping {
  mapping_col_name: string;
  title: string;
}

export interface Setup {
  mapping: Record<string, ColumnMapping>;
  /** Values for every row, by field. */
  extra_fields: Record<string, FieldValue>;
}

/** The table an import writes: ECUS amendments and cancellations have tables of their own. */
export const targetOf = (resource: ResourceDefinition, importType: ImportType): ResourceDefinition =>
  importType === 'AMA' ? resourceNamed('ecus-ama') : importType === 'CANCEL' ? resourceNamed('ecus-cancel') : resource;

/**
 * The fields a sheet can fill. An AMA row names the line (declaration number, and line number or code)
 * and the corrected code, unit or quantity; a cancellation names the declaration (and may name the line).
 */
export function importFields(resource: ResourceDefinition, importType: ImportType): Record<string, FieldDefinition> {
  if (importType === 'IMPORT') return resource.fields;
  const target = targetOf(resource, importType);
  const pick = (names: string[]) => Object.fromEntries(names.map((name) => [name, target.fields[name]!]));
  if (importType === 'AMA') return { ...pick(['account_number', 'row_number', 'code', 'unit', 'total']), row_number: { ...target.fields.row_number!, required: false }, unit: { ...target.fields.unit!, required: false } };
  return { account_number: target.fields.account_number!, row_number: { ...target.fields.row_number!, required: false } };
}

const invalid = (fields: Record<string, string[]>) => new AppError('validation_error', 'Data has invalid format.', { fields });

/**
 * Checks a setup against the table: known fields, column letters, values for every row that suit
 * their fields, and every required field either mapped to a column or given a value.
 */
export function checkSetup(resource: ResourceDefinition, importType: ImportType, input: { mapping: Record<string, unknown>; extra_fields: Record<string, unknown> }): Setup {
  const fields = importFields(resource, importType);
  const problems: Record<string, string[]> = {};
  const mapping: Record<string, ColumnMapping> = {};
  for (const [name, entry] of Object.entries(input.mapping)) {
    if (!(name in fields)) { problems[name] = ['This table has no such field.']; continue; }
    const column = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).mapping_col_name : undefined;
    const title = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).title : undefined;
    if (typeof column !== 'string' || !isColumn(column.trim().toUpperCase())) { problems[name] = ['Map the field to a column letter such as B.']; continue; }
    mapping[name] = { mapping_col_name: column.trim().toUpperCase(), title: typeof title === 'string' ? title.slice(0, 300) : '' };
  }
  const extra: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(input.extra_fields)) {
    const definition = fields[name];
    if (!definition) { problems[name] = ['This table has no such field.']; continue; }
    const parsed = fieldValueSchema({ ...definition, required: true }).safeParse(value);
    if (!parsed.success) problems[name] = parsed.error.issues.map((issue) => issue.message);
    else extra[name] = parsed.data;
  }
  for (const [name, definition] of Object.entries(fields)) {
    if (definition.required && !(name in mapping) && !(name in extra) && !problems[name]) problems[name] = ['Map this required field to a column or give it a value.'];
  }
  if (importType === 'AMA' && !('row_number' in mapping) && !('code' in mapping)) problems.row_number = ['Map the line number or the code, so each row finds its declaration line.'];
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return { mapping, extra_fields: extra };
}

export async function saveSetup(run: Run, options: { companyId: string; resource: ResourceDefinition; importType: ImportType; setup: Setup }): Promise<void> {
  await run(
    `INSERT INTO import_setups (company_id, resource, import_type, mapping, extra_fields, updated_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (company_id, resource, import_type) DO UPDATE SET mapping = EXCLUDED.mapping, extra_fields = EXCLUDED.extra_fields, updated_at = now()`,
    [options.companyId, options.resource.name, options.importType, JSON.stringify(options.setup.mapping), JSON.stringify(options.setup.extra_fields)],
  );
}

export async function lastSetup(run: Run, options: { companyId: string; resource: ResourceDefinition; importType: ImportType }): Promise<Setup | null> {
  const [row] = await run<{ mapping: Setup['mapping']; extra_fields: Setup['extra_fields'] }>(
    'SELECT mapping, extra_fields FROM import_setups WHERE company_id = $1 AND resource = $2 AND import_type = $3',
    [options.companyId, options.resource.name, options.importType],
  );
  return row ? { mapping: row.mapping, extra_fields: row.extra_fields } : null;
}
