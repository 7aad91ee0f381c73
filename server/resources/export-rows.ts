import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Locale } from '../../common/i18n/locales.js';
import { fieldLabelKey, type ResourceDefinition, resourceTitleKey } from '../../common/resources/define.js';
import type { Row } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { catalogTexts } from '../i18n.js';
import { guardRow, sheetName, workbookWriter } from '../spreadsheets/write.js';
import { quantityFormat } from './number-format.js';
import { type ListParameters, pageQuery, whereClause } from './row-sql.js';
import { Statement } from '../db/statement.js';
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
    sheet.columns = fields.map(([name, definition]) => ({
      header: catalog[fieldLabelKey(name, definition)] ?? name,
      key: name,
      width: definition.kind === 'text' ? 32 : 16,
      style: definition.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    const statement = new Statement();
    const where = whereClause(statement, resource, scope, parameters);
    for (let offset = 0; offset < maxExportRows; offset += batchSize) {
      const rows = await run<Row>(
        pageQuery(resource, where, parameters.ordering, String(Math.min(batchSize, maxExportRows - offset)), String(offset)),
        statement.params,
      );
      for (const row of rows) {
        const added = sheet.addRow(fields.map(([name, definition]) => cellValue(definition.kind, row[name])));
        fields.forEach(([name, definition], index) => {
          const value = row[name];
          if (definition.kind === 'decimal' && value !== null && value !== undefined) added.getCell(index + 1).numFmt = quantityFormat(value as string);
        });
        guardRow(added).commit();
      }
      if (rows.length < batchSize) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
