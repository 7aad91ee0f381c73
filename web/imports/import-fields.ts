import type { Locale } from '../../common/i18n/locales.js';
import { type FieldDefinition, type FieldKind, fieldLabelKey, type ResourceDefinition } from '../../common/resources/define.js';
import type { MatchField } from './header-match.js';
import type { FixedColumns, FixedField } from './import-api.js';
import type { ImportField, LastSetup } from './import-payload.js';

const kinds: readonly FieldKind[] = ['text', 'code', 'decimal', 'integer', 'date', 'choice'];
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** A `get_fixed_columns` answer must be an object of fields; anything else is the spec's 'Response should be an object'. */
export function readFixedColumns(answer: unknown): FixedColumns | null {
  if (!isRecord(answer) || !isRecord(answer.fields)) return null;
  const fields: Record<string, FixedField> = {};
  for (const [name, value] of Object.entries(answer.fields)) {
    if (!isRecord(value)) return null;
    const kind = kinds.includes(value.kind as FieldKind) ? value.kind as FieldKind : 'text';
    fields[name] = {
      kind,
      required: value.required === true,
      ...(Array.isArray(value.choices) ? { choices: strings(value.choices) } : {}),
      ...(typeof value.label === 'string' ? { label: value.label } : {}),
      aliases: strings(value.aliases),
    };
  }
  const last = answer.last_setup;
  const lastSetup: LastSetup | null = isRecord(last)
    ? {
      mapping: Object.fromEntries(Object.entries(isRecord(last.mapping) ? last.mapping : {}).flatMap(([field, entry]) =>
        isRecord(entry) && typeof entry.mapping_col_name === 'string'
          ? [[field, { mapping_col_name: entry.mapping_col_name, title: typeof entry.title === 'string' ? entry.title : '' }]]
          : [])),
      extra_fields: isRecord(last.extra_fields) ? last.extra_fields : {},
    }
    : null;
  return { fields, last_setup: lastSetup };
}

/**
 * The catalog key of a field's label: the table's own definition decides (BOM's `code` is labelled
 * "Product code"); a field only the server knows uses the key it sent, or `fields.<name>`.
 */
export function labelKeyOf(name: string, fixed: FixedField | undefined, definition: FieldDefinition | undefined): string {
  if (definition) return fieldLabelKey(name, definition);
  if (fixed?.label?.startsWith('fields.')) return fixed.label;
  return `fields.${name}`;
}

/** The fields to map, in the server's order, with the limits the table's definition adds. */
export function importFieldsOf(fixed: FixedColumns, resource: ResourceDefinition | undefined): ImportField[] {
  return Object.entries(fixed.fields).map(([name, field]) => {
    const definition = resource?.fields[name];
    return {
      name,
      kind: field.kind,
      required: field.required,
      ...(field.choices ?? definition?.choices ? { choices: field.choices ?? definition?.choices } : {}),
      ...(definition?.maxLength ? { maxLength: definition.maxLength } : {}),
      ...(definition?.codeInField ? { codeInField: definition.codeInField } : {}),
    };
  });
}

/** Flat catalogs of the three languages (only the keys of labels are needed). */
export type LabelCatalogs = Partial<Record<Locale, Record<string, string>>>;

/**
 * Every text a column heading a field may carry: its label in English, Vietnamese and Korean, the
 * label the server sent, the Excel aliases of the definition and of the server, and the field's name; and
 * the loose aliases, which some sheets give the field and others something else.
 */
export function matchFieldsOf(fixed: FixedColumns, resource: ResourceDefinition | undefined, catalogs: LabelCatalogs): MatchField[] {
  return Object.entries(fixed.fields).map(([name, field]) => {
    const definition = resource?.fields[name];
    const key = labelKeyOf(name, field, definition);
    const labels = Object.values(catalogs).flatMap((catalog) => (catalog[key] !== undefined ? [catalog[key]] : []));
    const aliases = definition?.aliases ?? {};
    const names = [
      ...labels,
      ...(field.label && !field.label.startsWith('fields.') ? [field.label] : []),
      ...(aliases.vi ?? []), ...(aliases.en ?? []), ...(aliases.ko ?? []),
      ...(field.aliases ?? []),
      name.replaceAll('_', ' '),
    ];
    return { name, names: [...new Set(names)], looseNames: aliases.loose ?? [] };
  });
}
