import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { columnLetters, columnNumber, parseCell } from '../../common/imports/cells.js';
import {
  quantityColumns, TEMPLATE_MAX_BYTES, type TemplatePreview, type TemplatePreviewRow,
} from '../../common/statements/templates.js';
import { AppError } from '../http/errors.js';
import { unreadable } from '../imports/uploads.js';
import { templateInChild } from '../imports/reader.js';
import type { PlaceholderValues, TemplateAnswer, TemplateFill, TemplateTask } from './template-task.js';
import { formatNumberColumns, guardRow, workbookBytes } from '../spreadsheets/write.js';
import { readerLimits, sniffFormat } from '../spreadsheets/sniff.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';
import { type AreaLimits, checkArchive, checkWorkbookArea, OutsideArea } from '../spreadsheets/workbook-area.js';

/**
 * A statement template's workbook: checked when uploaded, previewed for choosing its header, and filled with a
 * statement's rows on export. The workbook is the uploader's: everything but its data rows is written back as it was.
 */

/** Rows and columns of each sheet the preview shows: a form's title block and header sit near its top. */
const previewRows = 60;
const previewColumns = 60;

const notXlsx = () => new AppError('template_not_xlsx', 'A template must be an Excel workbook (.xlsx).', { fields: { excel_file: ['A template must be an Excel workbook (.xlsx).'] } });

/**
 * The area a template may use, and its archive's bounds. A form's title block, header, a few example rows and the
 * signature block fit many times over; a merged range, a validation or a defined name over the rest of the sheet
 * does not, and exceljs would build every cell of it.
 */
export const templateArea: AreaLimits = {
  rows: 5000,
  columns: 200,
  cells: 200_000,
  entries: 1000,
  inflated: TEMPLATE_MAX_BYTES * readerLimits.expansion,
};

const outsideArea = (error: OutsideArea) => new AppError('template_area', `${error.message} A template may use ${templateArea.rows.toLocaleString('en')} rows and ${templateArea.columns} columns (${templateArea.cells.toLocaleString('en')} cells).`, {
  fields: { excel_file: [error.message] }, extra: { rows: templateArea.rows, columns: templateArea.columns, cells: templateArea.cells },
});

/** exceljs runs only in the reader child: what it builds from a template is bounded there by memory and time. */
async function loadWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  try {
    await checkWorkbookArea(content, templateArea);
  } catch (error) {
    if (error instanceof OutsideArea) throw outsideArea(error);
    if (error instanceof UnreadableFile) throw unreadable(error);
    throw error;
  }
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new AppError('unprocessable_file', 'The workbook cannot be read.', { extra: { reason: 'corrupt' } });
  }
  return workbook;
}

/**
 * Checks an uploaded template by its bytes before anything parses it: within the size limit, named .xlsx and an
 * .xlsx by its content (not a workbook of another format, nor text named .xlsx), no macros, not password protected,
 * within the archive's bounds. What its parts really inflate to and the area it uses are checked in the reader child.
 */
export async function checkUploadedTemplate(content: Buffer, fileName: string): Promise<void> {
  if (content.length > TEMPLATE_MAX_BYTES) throw templateTooLarge();
  if (!/\.xlsx$/i.test(fileName)) throw notXlsx();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'statement-template-'));
  try {
    const filePath = path.join(directory, 'upload');
    await fs.writeFile(filePath, content);
    const format = await sniffFormat(filePath, fileName, TEMPLATE_MAX_BYTES).catch((error: unknown) => {
      if (error instanceof UnreadableFile && error.reason === 'not_a_spreadsheet') throw notXlsx();
      if (error instanceof UnreadableFile) throw unreadable(error);
      throw error;
    });
    if (format !== 'xlsx') throw notXlsx();
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
  const facts = await checkArchive(content, templateArea).catch((error: unknown) => {
    throw error instanceof UnreadableFile ? unreadable(error) : error;
  });
  // A template is served to every member (a platform's to every company): it carries no code of its uploader.
  if (facts.macros) {
    throw new AppError('template_macros', 'A template may not contain macros: save it as an Excel Workbook (.xlsx).', { fields: { excel_file: ['A template may not contain macros.'] } });
  }
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Runs a task in the reader child (read-process.ts calls it there). */
export async function runTemplateTask(task: TemplateTask): Promise<TemplateAnswer> {
  if (task.op === 'fill') return fillWorkbook(asBuffer(task.content), task.fill);
  const workbook = await loadWorkbook(asBuffer(task.content));
  if (workbook.worksheets.length === 0) throw new AppError('unprocessable_file', 'The workbook has no sheets.', { extra: { reason: 'not_a_spreadsheet' } });
  if (task.op === 'preview') return previewSheets(workbook);
  const sheet = workbook.getWorksheet(task.sheet);
  return sheet ? sheetText(sheet, task.from, task.to) : null;
}

/** Seconds a template's reading or filling may take in the reader child before it is killed. */
const templateTimeMs = 60_000;

/** The first rows of every sheet of an uploaded template, checked first. */
export async function previewUploadedTemplate(content: Buffer, fileName: string, owner: string): Promise<TemplatePreview['sheets']> {
  await checkUploadedTemplate(content, fileName);
  return await templateInChild({ op: 'preview', content }, owner, templateTimeMs) as TemplatePreview['sheets'];
}

/** Rows `from`–`to` of a sheet of an uploaded template as text; undefined when it has no such sheet. */
export async function templateHeaderRows(content: Buffer, fileName: string, sheet: string, from: number, to: number, owner: string): Promise<TemplatePreviewRow[] | undefined> {
  await checkUploadedTemplate(content, fileName);
  return (await templateInChild({ op: 'header', content, sheet, from, to }, owner, templateTimeMs) as TemplatePreviewRow[] | null) ?? undefined;
}

export const templateTooLarge = () =>
  new AppError('payload_too_large', `A template may be ${TEMPLATE_MAX_BYTES / 1024 / 1024} MB at most.`, { fields: { excel_file: ['too_large'] } });

/** A merged cell's text is its first cell's: the others read empty, as the import readers see them. */
function cellText(cell: ExcelJS.Cell): string {
  if (cell.isMerged && cell.master.address !== cell.address) return '';
  try {
    return cell.text.trim();
  } catch {
    return '';
  }
}

/** Rows `from`–`to` of a sheet as text by column letter; empty cells and rows are left out. */
function sheetText(sheet: ExcelJS.Worksheet, from: number, to: number, columns = previewColumns): TemplatePreviewRow[] {
  const rows: TemplatePreviewRow[] = [];
  for (let number = from; number <= Math.min(to, sheet.rowCount); number += 1) {
    const cells: Record<string, string> = {};
    sheet.getRow(number).eachCell((cell, column) => {
      const text = column <= columns ? cellText(cell) : '';
      if (text) cells[columnLetters(column)] = text;
    });
    if (Object.keys(cells).length > 0) rows.push({ row: number, cells });
  }
  return rows;
}

/** The top rows of every sheet, for the header step of the template screen. */
const previewSheets = (workbook: ExcelJS.Workbook): TemplatePreview['sheets'] =>
  workbook.worksheets.map((sheet) => ({ name: sheet.name, last_row: sheet.rowCount, rows: sheetText(sheet, 1, previewRows) }));

type Box = { top: number; left: number; bottom: number; right: number };

function boxOf(range: string): Box {
  const [from = '', to = from] = range.replaceAll('$', '').split(':');
  const start = parseCell(from);
  const end = parseCell(to);
  return { top: start?.row ?? 0, left: columnNumber(start?.column ?? 'A'), bottom: end?.row ?? 0, right: columnNumber(end?.column ?? 'A') };
}

/** What a cell holds, to be written elsewhere: a formula keeps its text (shared ones resolved), a merged cell's others hold nothing. */
function movableValue(cell: ExcelJS.Cell): ExcelJS.CellValue {
  if (cell.isMerged && cell.master.address !== cell.address) return null;
  if (cell.formula) return { formula: cell.formula, result: cell.result } as ExcelJS.CellFormulaValue;
  return cell.value;
}

const copyStyle = (style: Partial<ExcelJS.Style>): Partial<ExcelJS.Style> => structuredClone(style);

/**
 * Moves every row from `from` to the sheet's end down by `shift` rows: values, looks, heights, merged cells, pictures
 * anchored there and a print area ending there. exceljs's own row splicing leaves the merged cells behind.
 */
function moveRowsDown(sheet: ExcelJS.Worksheet, from: number, shift: number): void {
  const last = sheet.rowCount;
  if (shift <= 0 || last < from) return;
  const merges = sheet.model.merges.map(boxOf).filter((box) => box.bottom >= from);
  const saved = Array.from({ length: last - from + 1 }, (_, offset) => {
    const row = sheet.getRow(from + offset);
    const cells: Array<{ column: number; value: ExcelJS.CellValue; style: Partial<ExcelJS.Style> }> = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => { cells.push({ column, value: movableValue(cell), style: copyStyle(cell.style) }); });
    return { height: row.height, cells };
  });
  for (const box of merges) sheet.unMergeCells(box.top, box.left, box.bottom, box.right);
  saved.forEach((row, offset) => {
    const source = sheet.getRow(from + offset);
    for (const cell of row.cells) {
      const old = source.getCell(cell.column);
      old.value = null;
      old.style = {};
    }
  });
  saved.forEach((row, offset) => {
    const target = sheet.getRow(from + offset + shift);
    if (row.height !== undefined) target.height = row.height;
    for (const cell of row.cells) {
      const moved = target.getCell(cell.column);
      moved.value = cell.value;
      moved.style = cell.style;
    }
  });
  // A merge reaching up into the data rows cannot move whole; it is left unmerged.
  for (const box of merges.filter((merge) => merge.top >= from)) sheet.mergeCellsWithoutStyle(box.top + shift, box.left, box.bottom + shift, box.right);
  for (const image of sheet.getImages()) {
    if (image.range.tl.nativeRow + 1 < from) continue;
    image.range.tl.nativeRow += shift;
    if (image.range.br) image.range.br.nativeRow += shift;
  }
  const printArea = sheet.pageSetup.printArea;
  if (printArea && !printArea.includes(',')) {
    const box = boxOf(printArea);
    if (box.bottom >= from) sheet.pageSetup.printArea = `${columnLetters(box.left)}${box.top}:${columnLetters(box.right)}${box.bottom + shift}`;
  }
}

/** `{{company}}`, `{{period_start}}` … in the cells outside the data rows, replaced by the folder set's values. */
function fillPlaceholders(sheet: ExcelJS.Worksheet, values: PlaceholderValues): void {
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      if (typeof cell.value !== 'string' || !cell.value.includes('{{')) return;
      // Own names only: `{{constructor}}` or `{{__proto__}}` would otherwise print Object's members.
      cell.value = cell.value.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (text, name: string) => (Object.hasOwn(values, name) ? values[name as keyof PlaceholderValues] : text));
    });
  });
}

/**
 * The template's workbook with the statement's rows in it. Rows above the data rows (the title block and the
 * header) stay as uploaded. The data rows start right under the header and run to the signature block's first row
 * (`footer_row`): they take the look of the template's first row there (when the signature block follows the header
 * directly, the header's borders only), and when the statement has more rows than the template leaves, the signature
 * block and everything below it move down by the difference. Template rows left over stay, emptied. Only the mapped
 * columns are written: `stt` the running number, quantities as numbers in the quantity format of the Circular 39
 * export, texts as text, through the write guard. The other sheets are removed: the file is this one form.
 */
export async function fillTemplate(content: Buffer, fill: TemplateFill, owner = ''): Promise<Buffer> {
  const filled = await templateInChild({ op: 'fill', content, fill }, owner, templateTimeMs) as Uint8Array;
  return asBuffer(filled);
}

async function fillWorkbook(content: Buffer, fill: TemplateFill): Promise<Buffer> {
  const workbook = await loadWorkbook(content);
  const sheet = workbook.getWorksheet(fill.settings.sheet_name);
  if (!sheet) throw new AppError('template_incomplete', `The template has no sheet named ${fill.settings.sheet_name}; upload it again.`);
  for (const other of workbook.worksheets.filter((candidate) => candidate.id !== sheet.id)) workbook.removeWorksheet(other.id);
  fillPlaceholders(sheet, fill.placeholders);

  const headerTo = fill.settings.header_to;
  const lastRow = sheet.rowCount;
  const footer = fill.settings.footer_row !== null && fill.settings.footer_row <= lastRow ? fill.settings.footer_row : null;
  const regionEnd = footer === null ? Math.max(lastRow, headerTo) : footer - 1;
  const region = regionEnd - headerTo;
  const width = Math.min(templateArea.columns, Math.max(sheet.columnCount, ...Object.values(fill.settings.mapping).map((letter) => sheet.getColumn(letter).number)));

  const prototypeRow = sheet.getRow(region > 0 ? headerTo + 1 : headerTo);
  const prototype = Array.from({ length: width }, (_, index) => {
    const style = prototypeRow.getCell(index + 1).style;
    return region > 0 ? copyStyle(style) : (style.border ? { border: structuredClone(style.border) } : {});
  });
  const height = region > 0 ? prototypeRow.height : undefined;

  const count = fill.rows.length;
  if (footer !== null) moveRowsDown(sheet, footer, count - region);
  // Merged cells among the rows the data takes would swallow its values.
  const dataEnd = headerTo + Math.max(count, region);
  for (const box of sheet.model.merges.map(boxOf).filter((merge) => merge.top > headerTo && merge.top <= dataEnd && merge.bottom <= dataEnd)) {
    sheet.unMergeCells(box.top, box.left, box.bottom, box.right);
  }

  const quantities = new Set(quantityColumns[fill.form]);
  const columnOf = Object.entries(fill.settings.mapping).map(([key, letter]) => ({ key, column: sheet.getColumn(letter).number }));
  const filled: ExcelJS.Row[] = [];
  for (let offset = 0; offset < Math.max(count, region); offset += 1) {
    const row = sheet.getRow(headerTo + 1 + offset);
    const figures = fill.rows[offset];
    if (figures === undefined) {
      row.eachCell((cell) => { cell.value = null; });
      continue;
    }
    if (height !== undefined) row.height = height;
    prototype.forEach((style, index) => {
      const cell = row.getCell(index + 1);
      cell.value = null;
      cell.style = copyStyle(style);
    });
    for (const { key, column } of columnOf) {
      const cell = row.getCell(column);
      if (key === 'stt') {
        cell.value = offset + 1;
        continue;
      }
      const value = (figures as Record<string, unknown>)[key];
      if (typeof value !== 'string' || value === '') continue;
      cell.value = quantities.has(key) ? Number(value) : value;
    }
    guardRow(row);
    filled.push(row);
  }
  // One format a quantity column, by its largest scale, as the Circular 39 export writes them; Forms 15 and 15a show a
  // negative closing in red, Form 16's norms are never negative.
  formatNumberColumns(filled, columnOf.filter(({ key }) => quantities.has(key)).map(({ column }) => column), { negativeInRed: fill.form !== '16' });
  return workbookBytes(workbook);
}
