import { templateIdOf, type TemplateForm } from '../../common/statements/templates.js';
import type { Run } from '../db/run.js';
import type { Period } from './compute-statements.js';
import { dayMonthYear, type Filer, regimeNames } from './export-statement.js';
import { templateForExport } from './statement-templates.js';
import { fillTemplate, type PlaceholderValues } from './template-workbook.js';

/** The folder set's values a template's `{{…}}` texts take. */
export const placeholderValues = (period: Period, filer: Filer): PlaceholderValues => ({
  company: filer.name, tax_code: filer.taxCode ?? '', address: filer.address ?? '', period: period.name,
  period_start: dayMonthYear(period.dateStart), period_end: dayMonthYear(period.dateEnd), regime: regimeNames[period.regime] ?? period.regime,
});

/**
 * A form's official workbook in the layout the folder set exports in: the built-in Circular 39/2018 one (`tt39`),
 * or the template it names filled with the same rows.
 */
export async function formWorkbookInLayout(run: Run, input: {
  period: Period; filer: Filer; form: TemplateForm; rows: ReadonlyArray<object>; tt39: () => Promise<Buffer>;
}): Promise<Buffer> {
  const [folderSet] = await run<{ statement_layout: string }>('SELECT statement_layout FROM folder_sets WHERE id = $1', [input.period.id]);
  const templateId = templateIdOf(folderSet?.statement_layout ?? '');
  if (templateId === null) return input.tt39();
  const template = await templateForExport(run, input.period.companyId, templateId, input.form);
  return fillTemplate(template.content, { form: input.form, settings: template.settings, rows: input.rows, placeholders: placeholderValues(input.period, input.filer) }, `company:${input.period.companyId}`);
}
