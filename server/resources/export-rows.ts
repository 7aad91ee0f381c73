import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import en from '../../common/i18n/en.json' with { type: 'json' };
import ko from '../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../common/i18n/vi.json' with { type: 'json' };
import { type Catalog, flattenCatalog, type Locale } from '../../common/i18n/locales.js';
import { fieldLabelKey, type ResourceDefinition, resourceTitleKey } from '../../common/resources/define.js';
import type { Row } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { type ListParameters, pageQuery, Statement, whereClause } from './row-sql.js';
import type { Scope } from './scope.js';

/** Every catalog text by its flat key (`fields.code`), per language, for the files the server writes. */
export const catalogTexts: Record<Locale, Record<string, string>> = {
  en: flattenCatalog(en as Catalog),
  vi: flattenCatalog(vi as Catalog),
  ko: flattenCatalog(ko as Catalog),
};

const batchSize = 5000;
/** A worksheet holds 1,048,576 rows; one is the header. */
export const maxExportRows = 1_048_575;

/**
 * A cell value that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one) is written with a leading apostrophe, so it stays text.
 */
export const neutralised = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A workbook written as a stream into `output`. exceljs is loaded on the first file written: it would
 * otherwise add 30 MB to every server, most of which never writes one.
 */
export async function workbookWriter(output: PassThrough): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const { default: excel } = await import('exceljs');
  return new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
}

function cellValue(kind: string, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (kind === 'decimal') return Number(value);
  if (kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (typeof value === 'number') return value;
  return neutralised(String(value));
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
    const sheet = workbook.addWorksheet((catalog[resourceTitleKey(resource)] ?? resource.name).slice(0, 31).replace(/[[\]*?/\\:]/g, ' '), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = fields.map(([name, definition]) => ({
      header: catalog[fieldLabelKey(name, definition)] ?? name,
      key: name,
      width: definition.kind === 'text' ? 32 : 16,
      style: definition.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : definition.kind === 'decimal' ? { numFmt: '#,##0.####' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    const statement = new Statement();
    const where = whereClause(statement, resource, scope, parameters);
    for (let offset = 0; offset < maxExportRows; offset += batchSize) {
      const rows = await run<Row>(
        pageQuery(resource, where, parameters.ordering, String(Math.min(batchSize, maxExportRows - offset)), String(offset)),
        statement.params,
      );
      for (const row of rows) sheet.addRow(fields.map(([name, definition]) => cellValue(definition.kind, row[name]))).commit();
      if (rows.length < batchSize) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
