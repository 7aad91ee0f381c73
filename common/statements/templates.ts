import { z } from 'zod';
import { columnLetters, columnNumber, flattenHeader, isColumn } from '../imports/cells.js';

/**
 * Statement layout templates: an official workbook a company (or the platform, for every company) uploads once per
 * form, with its header rows and which of its columns each computed column fills. The columns are the ones the
 * Circular 39/2018 export fills, nothing more: a column of the workbook no computed column maps to stays empty.
 */

/** The forms a template can be uploaded for. */
export const templateForms = ['15', '15a', '16'] as const;
export type TemplateForm = (typeof templateForms)[number];

/**
 * The computed columns of each form in the order of Circular 39/2018, with the caption that layout prints: the
 * export in that layout writes these captions, and a template's header is matched against them.
 */
export const formColumns = {
  '15': [
    { key: 'stt', caption: 'STT' },
    { key: 'code', caption: 'Mã nguyên liệu, vật tư' },
    { key: 'name', caption: 'Tên nguyên liệu, vật tư' },
    { key: 'unit', caption: 'Đơn vị tính' },
    { key: 'begin_value', caption: 'Lượng tồn đầu kỳ' },
    { key: 'take_in', caption: 'Lượng nhập trong kỳ' },
    { key: 're_export', caption: 'Tái xuất' },
    { key: 're_purpose', caption: 'Chuyển mục đích sử dụng, tiêu thụ nội địa, tiêu hủy' },
    { key: 'export_to_produce', caption: 'Xuất kho để sản xuất' },
    { key: 'other_export', caption: 'Xuất kho khác' },
    { key: 'end_value', caption: 'Lượng tồn kho cuối kỳ' },
    { key: 'note', caption: 'Ghi chú' },
  ],
  '15a': [
    { key: 'stt', caption: 'STT' },
    { key: 'code', caption: 'Mã sản phẩm' },
    { key: 'name', caption: 'Tên sản phẩm' },
    { key: 'unit', caption: 'Đơn vị tính' },
    { key: 'begin_quantity', caption: 'Lượng tồn đầu kỳ' },
    { key: 'take_in', caption: 'Lượng nhập kho trong kỳ' },
    { key: 're_purpose', caption: 'Chuyển mục đích sử dụng, tiêu thụ nội địa, tiêu hủy' },
    { key: 'exportt', caption: 'Xuất khẩu' },
    { key: 'other_export', caption: 'Xuất kho khác' },
    { key: 'end_quantity', caption: 'Lượng tồn kho cuối kỳ' },
    { key: 'note', caption: 'Ghi chú' },
  ],
  '16': [
    { key: 'stt', caption: 'STT' },
    { key: 'product_code', caption: 'Mã sản phẩm' },
    { key: 'product_name', caption: 'Tên sản phẩm' },
    { key: 'product_unit', caption: 'Đơn vị tính sản phẩm' },
    { key: 'material_code', caption: 'Mã nguyên liệu, vật tư' },
    { key: 'material_name', caption: 'Tên nguyên liệu, vật tư' },
    { key: 'material_unit', caption: 'Đơn vị tính nguyên liệu, vật tư' },
    { key: 'actual_norm', caption: 'Định mức thực tế' },
    { key: 'note', caption: 'Ghi chú' },
  ],
} as const satisfies Record<TemplateForm, ReadonlyArray<{ key: string; caption: string }>>;

/** The Circular 39/2018 caption of a computed column. */
export const tt39Caption = (form: TemplateForm, key: string): string =>
  (formColumns[form] as ReadonlyArray<{ key: string; caption: string }>).find((column) => column.key === key)?.caption ?? key;

/** Columns whose figures are quantities (written as numbers in the quantity format); `stt` is the running number. */
export const quantityColumns: Record<TemplateForm, readonly string[]> = {
  '15': ['begin_value', 'take_in', 're_export', 're_purpose', 'export_to_produce', 'other_export', 'end_value'],
  '15a': ['begin_quantity', 'take_in', 're_purpose', 'exportt', 'other_export', 'end_quantity'],
  '16': ['actual_norm'],
};

/** A row cannot be told from another without its code: these columns must be mapped. */
export const requiredColumns: Record<TemplateForm, readonly string[]> = {
  '15': ['code'],
  '15a': ['code'],
  '16': ['product_code', 'material_code'],
};

/** Texts a template's cells outside the data rows may hold, replaced by the folder set's values on export. */
export const templatePlaceholders = ['company', 'tax_code', 'address', 'period', 'period_start', 'period_end', 'regime'] as const;

/** A template's workbook may be this large: official forms are a few dozen kilobytes. */
export const TEMPLATE_MAX_BYTES = 2 * 1024 * 1024;
/** A header has one to five rows, as the import wizard reads them. */
export const maxTemplateHeaderRows = 5;

/** How a folder set names a template as its layout. */
export const templateLayout = (id: number) => `template:${id}`;
/** The template id a layout names, or null for a built-in layout. */
/** A template's id is a PostgreSQL `integer`: `template:2147483648` names none. */
const maxTemplateId = 2_147_483_647;

export const templateIdOf = (layout: string): number | null => {
  const match = /^template:([1-9]\d{0,9})$/.exec(layout);
  return match && Number(match[1]) <= maxTemplateId ? Number(match[1]) : null;
};

/** The built-in official layouts (Circular 39/2018); a template uploaded by the company or the platform is the other kind. */
export const builtInLayouts = ['tt39_2018'] as const;
export const statementLayoutSchema = z.union([z.enum(builtInLayouts), z.string().refine((layout) => templateIdOf(layout) !== null, 'A built-in layout or template:<id>')]);

const columnLetter = z.string().trim().toUpperCase().refine(isColumn, 'A column such as E');
const rowNumber = z.coerce.number().int().min(1).max(100_000);

/** Where a form sits in its workbook and which column each computed column fills. */
export const templateSettingsSchema = z.object({
  sheet_name: z.string().min(1).max(100),
  header_from: rowNumber,
  header_to: rowNumber,
  /** The first row of the signature block below the data rows, or null when the form has none. */
  footer_row: rowNumber.nullable(),
  /** Computed column → workbook column letter. */
  mapping: z.record(z.string().max(40), columnLetter),
}).refine((value) => value.header_to >= value.header_from && value.header_to - value.header_from < maxTemplateHeaderRows,
  { message: `A header has one to ${maxTemplateHeaderRows} rows, ending at or after its first.`, path: ['header_to'] })
  .refine((value) => value.footer_row === null || value.footer_row > value.header_to, { message: 'The signature block starts below the header.', path: ['footer_row'] });
export type TemplateSettings = z.infer<typeof templateSettingsSchema>;

export const templateNameSchema = z.object({ name: z.string().trim().min(1).max(120) });

/** One previewed row of a sheet: its number and its cells' text by column letter (the import wizard's shape). */
export const previewRowSchema = z.object({ row: z.number().int(), cells: z.record(z.string(), z.string()) });
export type TemplatePreviewRow = z.infer<typeof previewRowSchema>;

export const templatePreviewSchema = z.object({
  file_name: z.string(),
  sheets: z.array(z.object({ name: z.string(), last_row: z.number().int(), rows: z.array(previewRowSchema) })),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const templateFormSchema = z.object({
  form: z.enum(templateForms),
  file_name: z.string(),
  size: z.number().int(),
  sheet_name: z.string(),
  header_from: z.number().int(),
  header_to: z.number().int(),
  footer_row: z.number().int().nullable(),
  mapping: z.record(z.string(), z.string()),
  /** The header's name of every workbook column that has one, by letter. */
  columns: z.record(z.string(), z.string()),
  uploaded_at: z.string(),
});
export type TemplateFormAnswer = z.infer<typeof templateFormSchema>;

export const statementTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What a folder set's statement_layout names to use it. */
  layout: z.string(),
  scope: z.enum(['company', 'platform']),
  forms: z.array(templateFormSchema),
  /** Folder sets exporting in this layout (the company's own for a company's list; every company's for the platform's). */
  used_by: z.number().int(),
  updated_at: z.string(),
});
export type StatementTemplate = z.infer<typeof statementTemplateSchema>;
export const statementTemplateListSchema = z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(statementTemplateSchema) });

/**
 * The header's name of each column from the header rows, flattened as the import wizard does (merged group
 * captions joined with the caption under them); columns without header text are left out.
 */
export function templateHeaderColumns(rows: readonly TemplatePreviewRow[], headerFrom: number, headerTo: number): Record<string, string> {
  const header = rows.filter((row) => row.row >= headerFrom && row.row <= headerTo);
  const width = Math.max(0, ...header.flatMap((row) => Object.keys(row.cells).map((letter) => columnNumber(letter))));
  const grid = Array.from({ length: headerTo - headerFrom + 1 }, (_, offset) => {
    const row = header.find((candidate) => candidate.row === headerFrom + offset);
    return Array.from({ length: width }, (_, index) => row?.cells[columnLetters(index + 1)] ?? '');
  });
  const columns: Record<string, string> = {};
  flattenHeader(grid, width).forEach((name, index) => { if (name) columns[columnLetters(index + 1)] = name; });
  return columns;
}
