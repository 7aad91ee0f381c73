/**
 * How a business table is described. Each file beside this one defines one table with
 * `defineResource`; the database table, the payload schemas, the HTTP routes, the list screen, its
 * form, the Excel column matching and the export all derive from that definition.
 */

/**
 * - `text`: free text, trimmed.
 * - `code`: an identifier kept exactly as text (item codes, HS codes, declaration and invoice numbers):
 *   leading zeros survive and it is never read as a number.
 * - `decimal`: a quantity, price or value; `numeric` in SQL and a string in JSON.
 * - `integer`: a whole number (line numbers, years).
 * - `date`: a business date, `YYYY-MM-DD`.
 * - `choice`: one of a fixed list of values.
 */
export type FieldKind = 'text' | 'code' | 'decimal' | 'integer' | 'date' | 'choice';

/** Header texts an Excel column may carry for this field, beside its translated label. */
export interface HeaderAliases {
  vi?: readonly string[];
  en?: readonly string[];
  ko?: readonly string[];
  /**
   * Headers that name this field in some sheets and something else in others, in any language (an ECUS
   * report's running 'STT' beside its 'Số TT hàng'): proposed only when no column names the field exactly.
   */
  loose?: readonly string[];
}

export interface FieldOptions {
  /** Needed to create a row and to import one. */
  required?: boolean;
  /**
   * With `required`: rows saved before the field was required may lack it, and keep it empty rather than be given a
   * value nobody wrote (the column stays nullable); new rows, edits and imports still need it.
   */
  emptyInOlderRows?: boolean;
  /** Longest accepted text; 255 unless said. */
  maxLength?: number;
  /** The values of a `choice` field. */
  choices?: readonly string[];
  /**
   * Other names sheets write for a choice's values besides its labels, such as the books' abbreviations ('NVL',
   * 'TP'): an import reads them as the value.
   */
  choiceAliases?: Readonly<Record<string, readonly string[]>>;
  /** Catalog key of the label, when the shared `fields.<name>` label does not fit this table. */
  label?: string;
  aliases?: HeaderAliases;
  /** Indexed together with company and folder set: it is filtered or sorted on large tables. */
  indexed?: boolean;
  /**
   * Compared byte by byte (`COLLATE "C"`) whatever the database's collation, as codes sort: its index then also finds
   * the values that begin with a text, by range, as it finds a declaration's versions by their first 11 digits.
   */
  bytewise?: boolean;
  /** Offered as a filter list (distinct values) where the table has one. */
  selectable?: boolean;
  /** Listed in the screen before the user chooses columns; false hides it by default. */
  visible?: boolean;
  /** Zero or more: a negative declared quantity, norm, count or price has no meaning. The API, forms and imports refuse one. */
  nonNegative?: boolean;
  /** An HS code: stored as its digits whatever dots or spaces it was typed or imported with, shown formatted. */
  hsCode?: boolean;
  /**
   * A rate that may be written as a word meaning "not subject" (`KCT`, `*`, `-`): an import reads such a cell as no
   * rate and keeps the word among the row's extra values under the field's name, instead of refusing the row.
   */
  rateWords?: boolean;
  /**
   * Where an import finds the field when no column is mapped to it: the text after the last `#&` of another field's
   * cell (ECUS descriptions end with the item code: `Vải dệt thoi#&VAI-C58`).
   */
  codeInField?: string;
}

export interface FieldDefinition extends FieldOptions {
  kind: FieldKind;
}

/** The spec's three API families: `/api/balance/`, `/api/new-balance/`, `/api/fta/`. */
export type ResourceFamily = 'balance' | 'new-balance' | 'fta';

/**
 * What a client may do besides listing and exporting. `import` marks the tables the Excel wizard loads;
 * `locked` rows are listed but answer 'not supported' to a single edit or delete (AMA and cancel records).
 */
export type Operation = 'create' | 'update' | 'delete' | 'import' | 'locked';

/** The spec's import types: rows loaded into the table, ECUS amendments (AMA), ECUS cancellations. */
export const importTypes = ['IMPORT', 'AMA', 'CANCEL'] as const;
export type ImportType = (typeof importTypes)[number];

/**
 * What the rows of a variant do to the table's lines once loaded, and a rollback undoes (server/imports/variant-steps.ts):
 * `amend-lines` corrects the declaration lines they name (code, unit, quantity), `cancel-lines` takes them out of the
 * period.
 */
export type VariantStep = 'amend-lines' | 'cancel-lines';

/**
 * One way to load a table from a sheet, as the wizard offers it (`mode`) and the spec names its calls (`setup`,
 * `run`). Its rows go to `target` (a table of their own, by resource name) or to this table. Without a `step` they
 * are rows of their own, which a rollback deletes; with one they act on the table's lines, as the step says.
 */
export interface ImportVariant {
  mode: string;
  importType: ImportType;
  setup: string;
  run: string;
  target?: string;
  step?: VariantStep;
  /** The target's fields a sheet may fill, each with what it changes of the field; every field when absent. */
  fields?: Readonly<Record<string, Partial<FieldOptions>>>;
}

/** The plain import every importable table has unless it declares its own. */
export const plainImport: ImportVariant = { mode: 'normal', importType: 'IMPORT', setup: 'setup', run: 'import_data' };

/** Which columns an autofill answer reads: the code, and the name and unit columns beside it. */
export interface AutofillSource {
  code: string;
  name: string;
  unit?: string;
}

export interface ResourceDefinition<F extends Record<string, FieldDefinition> = Record<string, FieldDefinition>> {
  /** The path segment: `/api/{family}/{name}/`. */
  name: string;
  family: ResourceFamily;
  /** The SQL table (or view, for read-only derived resources). */
  table: string;
  /** The spec's table kind, which the import wizard sends (`ECUS`, `BEGIN`, `EI-WareHouse` ...). */
  tableKind?: string;
  /** The spec's folder key: the folder set's subfolder this table fills. */
  folderKey?: string;
  /** A SQL view computed from other tables: read only, and created by a migration, not derived. */
  view?: boolean;
  operations: readonly Operation[];
  fields: F;
  /** Fields the `search` parameter looks in (case and accent insensitive, substring). */
  search: readonly (keyof F & string)[];
  /** Default order of the list, as the `ordering` parameter spells it. */
  ordering: string;
  /** Where the add-row form's autofill looks up a code's name and unit. */
  autofill?: readonly AutofillSource[];
  /** The ways a sheet loads this table (the first of a mode is the wizard's); `[plainImport]` when not said. */
  imports?: readonly ImportVariant[];
  /** Extra indexes over several fields, each led by company and folder set. */
  indexes?: readonly (readonly (keyof F & string)[])[];
  /**
   * Fields an indexed field's index keeps after the id. They order nothing, but a filter on them is checked in the
   * index: a list ordered by that field and filtered on them reads no row it does not show, without an index of their
   * own that every written row would also have to enter.
   */
  carriedInIndex?: { readonly [K in keyof F & string]?: readonly (keyof F & string)[] };
}

const field = (kind: FieldKind) => (options: FieldOptions = {}): FieldDefinition => ({ kind, ...options });

export const text = field('text');
export const code = field('code');
export const decimal = field('decimal');
export const integer = field('integer');
export const date = field('date');
export const choice = (choices: readonly string[], options: FieldOptions = {}): FieldDefinition => ({ kind: 'choice', choices, ...options });

/** Checks that the named fields exist; the result forgets the field names, which consumers read as strings. */
export function defineResource<F extends Record<string, FieldDefinition>>(definition: ResourceDefinition<F>): ResourceDefinition {
  // Field names arrive from requests (filters, ordering, mappings); without a prototype, `fields['constructor']`
  // or `'__proto__' in fields` name no field instead of Object's own members.
  const fields = Object.assign(Object.create(null) as Record<string, FieldDefinition>, definition.fields);
  return { ...definition, fields } as unknown as ResourceDefinition;
}

/** Columns every row has besides its fields; clients read them and never write them. */
export const systemFields = ['id', 'created_at', 'updated_at', 'import_record_id', 'extra'] as const;

/** What kind of goods a stock row counts (§5 of the domain notes: materials, products, semi-finished goods, scrap). */
export const itemTypes = ['material', 'product', 'semi_finished', 'scrap'] as const;

/**
 * Why goods left the warehouse: to production (Form 15 column 9), or for export or another reason
 * (column 10); an empty purpose counts as production, the usual issue of materials.
 */
export const takeOutPurposes = ['production', 'export', 'other'] as const;

/**
 * Why goods entered the warehouse: bought or imported, received from production (Form 15a column 6 for
 * products), returned, or another reason; an empty purpose counts as a purchase or import.
 */
export const takeInPurposes = ['purchase_import', 'production', 'return', 'other'] as const;

export const allows = (resource: ResourceDefinition, operation: Operation) => resource.operations.includes(operation);

/** The imports a table offers: none unless it allows `import`. */
export const importVariantsOf = (resource: ResourceDefinition): readonly ImportVariant[] =>
  (allows(resource, 'import') ? resource.imports ?? [plainImport] : []);

/** The table (by resource name) an import of this type writes its rows into: its variant's own, or the table itself. */
export const importTargetOf = (resource: ResourceDefinition, importType: ImportType): string =>
  importVariantsOf(resource).find((variant) => variant.importType === importType)?.target ?? resource.name;

/** The catalog key of a field's label. */
export const fieldLabelKey = (name: string, definition: FieldDefinition) => definition.label ?? `fields.${name}`;
/** The catalog key of a table's title; it needs only the name, so that a page can title tables without their definitions. */
export const resourceTitleKey = (resource: Pick<ResourceDefinition, 'name'>) => `resources.${resource.name}`;
