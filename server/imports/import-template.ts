import type ExcelJS from 'exceljs';
import { columnLetters } from '../../common/imports/cells.js';
import { columnFormat, templateHeader } from '../../common/imports/template.js';
import type { Locale } from '../../common/i18n/locales.js';
import { type FieldKind, fieldLabelKey, type ImportType, type ResourceDefinition, resourceTitleKey } from '../../common/resources/define.js';
import { catalogTexts, formatMessage } from '../i18n.js';
import { sheetName, workbookBytes } from '../spreadsheets/write.js';
import { importFields, targetOf } from './setup.js';

/**
 * Columns whose cells are formatted as text, so that what is typed reaches the import as written: Excel would drop a
 * code's leading zeros, turn 1-2 into a date, and read 01/02/2026 as 2 January where its locale puts the month
 * first; the import reads a typed date day first. Numbers stay numbers.
 */
const typedAsText: ReadonlySet<FieldKind> = new Set(['code', 'text', 'choice', 'date']);
const requiredFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };

/**
 * An empty workbook to fill in for one import of a table: a sheet whose header row holds the columns the import
 * reads, in the reader's language as the table screen labels them (required ones marked with a star), and an
 * instructions sheet saying of each column whether it is required and what it takes.
 */
export async function importTemplate(options: { resource: ResourceDefinition; importType: ImportType; locale: Locale }): Promise<{ bytes: Buffer; fileName: string }> {
  const { locale } = options;
  const catalog = catalogTexts[locale];
  const text = (key: string, values: Record<string, string> = {}) => formatMessage(catalog[key] ?? key, locale, values);
  const target = targetOf(options.resource, options.importType);
  const title = catalog[resourceTitleKey(target)] ?? target.name;
  const columns = Object.entries(importFields(options.resource, options.importType)).map(([name, definition]) => {
    const label = catalog[fieldLabelKey(name, definition)] ?? name;
    const format = columnFormat(name, definition, (field, value) => catalog[`choices.${field}.${value}`] ?? value);
    return { definition, label, required: Boolean(definition.required), format: text(format.key, format.values) };
  });

  // exceljs loads on the first file written, as for the other workbooks.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const data = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = data.getRow(1);
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = templateHeader(column.label, column.required);
    cell.font = { bold: true };
    if (column.required) cell.fill = requiredFill;
    const sheetColumn = data.getColumn(index + 1);
    sheetColumn.width = Math.min(40, Math.max(12, column.label.length + 4));
    if (typedAsText.has(column.definition.kind)) sheetColumn.numFmt = '@';
  });

  const help = workbook.addWorksheet(sheetName(text('imports.template.instructions'), [data.name]));
  help.getCell(1, 1).value = text('imports.template.intro', { sheet: data.name });
  help.getCell(1, 1).alignment = { wrapText: true, vertical: 'top' };
  help.mergeCells(1, 1, 1, 4);
  help.getRow(1).height = 48;
  const captions = help.getRow(3);
  ['column', 'name', 'required', 'format'].forEach((caption, index) => { captions.getCell(index + 1).value = text(`imports.template.columns.${caption}`); });
  captions.font = { bold: true };
  columns.forEach((column, index) => {
    help.addRow([columnLetters(index + 1), templateHeader(column.label, column.required), text(column.required ? 'imports.template.yes' : 'imports.template.no'), column.format]);
  });
  [8, 36, 12, 70].forEach((width, index) => { help.getColumn(index + 1).width = width; });

  return { bytes: await workbookBytes(workbook), fileName: `${text('imports.template.fileName', { table: title })}.xlsx` };
}
