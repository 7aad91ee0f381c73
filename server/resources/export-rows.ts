import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Locale } from '../../common/i18n/locales.js';
import { fieldLabelKey, type ResourceDefinition, resourceTitleKey } from '../../common/resources/define.js';
import type { Row } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { catalogTexts } from '../i18n.js';
import { guardRow, sheetName, workbookWriter } from '../spreadsheets/write.js';
import { decimalFormat, maxDecimals } from './number-format.js';
import { type ListParameters, pageQuery, whereClause } from './row-sql.js';
import { quoted, Statement } from '../db/statement.js';
import type { Scope } from '../access.js';

const batchSize = 5000;
/** A worksheet holds 1,048,576 rows; one is the header. */
export const maxExportRows = 1_048_575;

function cellValue(kind: string, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (kind === 'decimal') return Number(value);
  if (kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (typeof value === 'number') return value;
  return String(value);
}

/**
 * The rows a list shows (search and filters applied, all pages) as an .xlsx stream, its header in the
 * reader's language. Rows are read in batches, so memory stays flat and other requests keep their turn.
 */
export function exportRows(options: { run: Run; resource: ResourceDefinition; scope: Scope; parameters: ListParameters; locale: Locale }): Readable {
  const { run, resource, scope, parameters } = options;
  const catalog = catalogTexts[options.locale];
  const fields = Object.entries(resource.fields);
  const output = new PassThrough();

  const write = async () => {
    const workbook = await workbookWriter(output);
    const sheet = workbook.addWorksheet(sheetName(catalog[resourceTitleKey(resource)] ?? resource.name), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const statement = new Statement();
    const where = whereClause(statement, resource, scope, parameters);
    // Rows are written as they are read, so each decimal column's format is set before the first: one format a
    // column, by the largest scale among the rows exported (trailing zeros aside), so that its figures line up.
    const decimals = fields.filter(([, definition]) => definition.kind === 'decimal').map(([name]) => name);
    const [scales] = decimals.length === 0 ? [{}] : await run<Record<string, number | null>>(
      `SELECT ${decimals.map((name) => `least(${maxDecimals}, max(scale(trim_scale(${quoted(name)})))) AS ${quoted(name)}`).join(', ')} FROM ${resource.table} WHERE ${where}`,
      statement.params,
    );
    sheet.columns = fields.map(([name, definition]) => ({
      header: catalog[fieldLabelKey(name, definition)] ?? name,
      key: name,
      width: definition.kind === 'text' ? 32 : 16,
      style: definition.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : definition.kind === 'decimal' ? { numFmt: decimalFormat(Number(scales?.[name] ?? 0)) } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (let offset = 0; offset < maxExportRows; offset += batchSize) {
      const rows = await run<Row>(
        pageQuery(resource, where, parameters.ordering, String(Math.min(batchSize, maxExportRows - offset)), String(offset)),
        statement.params,
      );
      for (const row of rows) {
        guardRow(sheet.addRow(fields.map(([name, definition]) => cellValue(definition.kind, row[name])))).commit();
      }
      if (rows.length < batchSize) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
