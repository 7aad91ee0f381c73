import { templateIdOf, type TemplateForm } from '../../common/statements/templates.js';
import type { Run } from '../db/run.js';
import type { Period } from './compute-statements.js';
import { dayMonthYear, type Filer, regimeNames } from './export-statement.js';
import { templateForExport } from './statement-templates.js';
import type { PlaceholderValues } from './template-task.js';
import { fillTemplate } from './template-workbook.js';

/** The folder set's values a template's `{{…}}` texts take. */
export const placeholderValues = (period: Period, filer: Filer): PlaceholderValues => ({
  company: filer.name, tax_code: filer.taxCode ?? '', address: filer.address ?? '', period: period.name,
  period_start: dayMonthYear(period.dateStart), period_end: dayMonthYear(period.dateEnd), regime: regimeNames[period.regime] ?? period.regime,
});

/** A form's workbook, and the layout it was asked in when that was retired and the official one took its place. */
export interface LayoutWorkbook { bytes: Buffer; retiredLayout: string | null }

/**
 * A form's official workbook in the layout the folder set exports in: the built-in Circular 39/2018 one (`tt39`),
 * or the template it names filled with the same rows. A template the platform retired gives the official workbook.
 */
export async function formWorkbookInLayout(run: Run, input: {
  period: Period; filer: Filer; form: TemplateForm; rows: ReadonlyArray<object>; tt39: () => Promise<Buffer>;
}): Promise<LayoutWorkbook> {
  const [folderSet] = await run<{ statement_layout: string }>('SELECT statement_layout FROM folder_sets WHERE id = $1', [input.period.id]);
  const layout = folderSet?.statement_layout ?? '';
  const templateId = templateIdOf(layout);
  if (templateId === null) return { bytes: await input.tt39(), retiredLayout: null };
  const template = await templateForExport(run, input.period.companyId, templateId, input.form);
  if (!template) return { bytes: await input.tt39(), retiredLayout: layout };
  const bytes = await fillTemplate(template.content, { form: input.form, settings: template.settings, rows: input.rows, placeholders: placeholderValues(input.period, input.filer) }, `company:${input.period.companyId}`);
  return { bytes, retiredLayout: null };
}
