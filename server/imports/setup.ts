import { isColumn } from '../../common/imports/cells.js';
import type { DecimalMark } from '../../common/imports/coerce.js';
import { type FieldDefinition, type ImportType, type ImportVariant, importVariantsOf, type ResourceDefinition } from '../../common/resources/define.js';
import { resourceNamed } from '../../common/resources/index.js';
import { fieldValueSchema, type FieldValue } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { stepOf } from './variant-steps.js';

export { type ImportType, importTypes } from '../../common/resources/define.js';

/** A field's sheet column: its letter and the header text it had when mapped. */
export interface ColumnMapping {
  mapping_col_name: string;
  title: string;
}

export interface Setup {
  mapping: Record<string, ColumnMapping>;
  /** Values for every row, by field. */
  extra_fields: Record<string, FieldValue>;
  /**
   * The decimal mark the user chose for numbers the sheet itself cannot tell ('100.000' in every numeric column):
   * columns whose cells show their mark keep it (common/imports/number-format.ts).
   */
  decimal_mark?: DecimalMark | undefined;
}

/** The import of a table with this import type; every table offers at least the plain one. */
const variantOf = (resource: ResourceDefinition, importType: ImportType): ImportVariant => {
  const variant = importVariantsOf(resource).find((candidate) => candidate.importType === importType);
  if (!variant) throw new AppError('not_found', `${resource.name} has no ${importType} import.`);
  return variant;
};

/** The table an import writes: the variant's own (ECUS amendments and cancellations have theirs), or the table. */
export const targetOf = (resource: ResourceDefinition, importType: ImportType): ResourceDefinition => {
  const { target } = variantOf(resource, importType);
  return target ? resourceNamed(target) : resource;
};

/** The fields a sheet can fill: those the variant names, as it changes them, or every field of its target. */
export function importFields(resource: ResourceDefinition, importType: ImportType): Record<string, FieldDefinition> {
  const variant = variantOf(resource, importType);
  const target = targetOf(resource, importType);
  if (!variant.fields) return target.fields;
  return Object.fromEntries(Object.entries(variant.fields).map(([name, changes]) => [name, { ...target.fields[name]!, ...changes }]));
}

const invalid = (fields: Record<string, string[]>) => new AppError('validation_error', 'Data has invalid format.', { fields });

/**
 * Checks a setup against the table: known fields, column letters, values for every row that suit
 * their fields, and every required field either mapped to a column or given a value.
 */
export function checkSetup(resource: ResourceDefinition, importType: ImportType, input: { mapping: Record<string, unknown>; extra_fields: Record<string, unknown>; decimal_mark?: unknown }): Setup {
  const fields = importFields(resource, importType);
  const problems: Record<string, string[]> = {};
  const mapping: Record<string, ColumnMapping> = {};
  for (const [name, entry] of Object.entries(input.mapping)) {
    if (!Object.hasOwn(fields, name)) { problems[name] = ['This table has no such field.']; continue; }
    const column = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).mapping_col_name : undefined;
    const title = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).title : undefined;
    if (typeof column !== 'string' || !isColumn(column.trim().toUpperCase())) { problems[name] = ['Map the field to a column letter such as B.']; continue; }
    mapping[name] = { mapping_col_name: column.trim().toUpperCase(), title: typeof title === 'string' ? title.slice(0, 300) : '' };
  }
  const extra: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(input.extra_fields)) {
    // Own fields only: `constructor` or `toString` must not find Object's members.
    const definition = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!definition) { problems[name] = ['This table has no such field.']; continue; }
    const parsed = fieldValueSchema({ ...definition, required: true }).safeParse(value);
    if (!parsed.success) problems[name] = parsed.error.issues.map((issue) => issue.message);
    else extra[name] = parsed.data;
  }
  for (const [name, definition] of Object.entries(fields)) {
    // A code an ECUS description carries after '#&' is read from it when no column holds the code.
    const readFromOther = definition.codeInField !== undefined && definition.codeInField in mapping;
    if (definition.required && !(name in mapping) && !(name in extra) && !readFromOther && !problems[name]) problems[name] = ['Map this required field to a column or give it a value.'];
  }
  if (input.decimal_mark !== undefined && input.decimal_mark !== null && input.decimal_mark !== ',' && input.decimal_mark !== '.') problems.decimal_mark = ['Choose , or . as the decimal mark.'];
  Object.assign(problems, stepOf(resource, importType)?.mappingProblems(mapping));
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const decimalMark = input.decimal_mark === ',' || input.decimal_mark === '.' ? input.decimal_mark : undefined;
  return { mapping, extra_fields: extra, ...(decimalMark ? { decimal_mark: decimalMark } : {}) };
}

export async function saveSetup(run: Run, options: { companyId: string; resource: ResourceDefinition; importType: ImportType; setup: Setup }): Promise<void> {
  await run(
    `INSERT INTO import_setups (company_id, resource, import_type, mapping, extra_fields, updated_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (company_id, resource, import_type) DO UPDATE SET mapping = EXCLUDED.mapping, extra_fields = EXCLUDED.extra_fields, updated_at = now()`,
    // The decimal mark belongs to one file, not to the company's sheets: it is not remembered.
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
