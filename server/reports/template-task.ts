/**
 * What the reader child is asked to do with a statement template and what it answers (server/reports/template-workbook.ts
 * does the work there): the types both ends of the reader's messages name, so that the reader needs nothing of the
 * workbook code.
 */
import type { TemplateForm, TemplatePreview, TemplatePreviewRow, templatePlaceholders, TemplateSettings } from '../../common/statements/templates.js';

export type PlaceholderValues = Record<(typeof templatePlaceholders)[number], string>;

export interface TemplateFill {
  form: TemplateForm;
  settings: Pick<TemplateSettings, 'sheet_name' | 'header_from' | 'header_to' | 'footer_row' | 'mapping'>;
  /** The statement's rows (Statement 15, 15A or Form 16 rows): read by computed column, quantities as decimal text. */
  rows: ReadonlyArray<object>;
  placeholders: PlaceholderValues;
}

/** What the reader child does with a template's bytes. */
export type TemplateTask =
  | { op: 'preview'; content: Uint8Array }
  | { op: 'header'; content: Uint8Array; sheet: string; from: number; to: number }
  | { op: 'fill'; content: Uint8Array; fill: TemplateFill };

/** The answer of a task: the sheets' first rows, a sheet's header rows (null: no such sheet), or the filled workbook. */
export type TemplateAnswer = TemplatePreview['sheets'] | TemplatePreviewRow[] | null | Uint8Array;
