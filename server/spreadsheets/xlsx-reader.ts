import type { SheetCell, SheetRow } from '../../common/imports/coerce.js';
import { readerLimits, type SheetLimits } from './sniff.js';
import { tooLarge, tooManyColumns, tooManyRows, UnreadableFile } from './unreadable.js';
import { openZip, type ZipArchive, type ZipEntry } from './zip.js';

/**
 * A streaming reader of .xlsx / .xlsm sheets made for imports. It opens the archive by its central
 * directory (so a sheet is found without inflating the ones before it), keeps the shared strings and the
 * date styles, and turns the inflated sheet XML into rows with a handful of regular expressions: no
 * object per cell, no style objects, no spooling to disk. An ECUS export of 200,000 lines reads several
 * times faster than through a general-purpose workbook library, which is what lets an import run at
 * the speed of the database. The corpus test checks it cell by cell against exceljs.
 */

/** How far a sheet has been read, for the import's progress. */
export interface ReadMeter {
  /** Rows the sheet declares in its <dimension>, when it does. */
  declaredRows: number | null;
  /** Share of the sheet's XML read so far, 0 to 1. */
  fraction: number;
}

export interface XlsxWorkbook {
  sheetNames: string[];
  date1904: boolean;
  rows: (sheetName: string, options: { fromRow: number; limits: SheetLimits; meter?: ReadMeter }) => AsyncGenerator<SheetRow>;
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character data as its characters: line ends as XML reads them, entities and character references. */
function xmlCharacters(raw: string): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name[0] !== '#') return entities[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Cell or attribute text: character data and CDATA sections, then Excel's `_x000D_` escapes of control characters. */
export function xmlText(raw: string): string {
  const text = raw.includes('<![CDATA[')
    ? raw.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/).map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : xmlCharacters(part))).join('')
    : xmlCharacters(raw);
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : text;
}

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return match ? xmlText(match[1] ?? match[2] ?? '') : undefined;
};

/**
 * The text of a string item (`<si>` or an inline `<is>`): its `<t>` runs joined, phonetic guides
 * (`<rPh>`, the furigana of Japanese files) left out.
 */
function stringItem(xml: string): string {
  const body = xml.includes('rPh') ? xml.replace(/<(\w+:)?rPh\b[\s\S]*?<\/\1?rPh>/g, '') : xml;
  let text = '';
  for (const match of body.matchAll(/<(\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/\1?t>/g)) text += match[2]!;
  return xmlText(text);
}

/** Number formats Excel builds in that show dates or times (in every locale's variant). */
const builtInDateFormats = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

/** A custom format shows a date when, outside quoted text, brackets and escapes, it has day, month, year, hour or second tokens. */
export function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '').replace(/\\./g, '').replace(/_./g, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** The cell styles (index into cellXfs) whose number format is a date. */
function dateStyles(stylesXml: string): Set<number> {
  const formats = new Map<number, string>();
  for (const match of stylesXml.matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g)) {
    const id = Number(attribute(match[0], 'numFmtId'));
    const code = attribute(match[0], 'formatCode');
    if (Number.isFinite(id) && code !== undefined) formats.set(id, code);
  }
  const styles = new Set<number>();
  const cellXfs = /<(\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/\1?cellXfs>/.exec(stylesXml)?.[2] ?? '';
  let index = 0;
  for (const match of cellXfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)) {
    const id = Number(attribute(match[0], 'numFmtId') ?? 0);
    const custom = formats.get(id);
    if (custom !== undefined ? isDateFormat(custom) : builtInDateFormats.has(id)) styles.add(index);
    index += 1;
  }
  return styles;
}

const dayMs = 86_400_000;

/** A date cell as the readers hand it over: Excel's serial as an instant, UTC. */
function dateCell(serial: number, date1904: boolean): SheetCell {
  const time = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * dayMs);
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? serial : { date: date.toISOString() };
}

interface SheetContext {
  shared: string[]; dateStyles: Set<number>; date1904: boolean; limits: SheetLimits;
  /** Date cells by serial: a declaration list repeats a few hundred dates over thousands of lines. */
  dates: Map<number, SheetCell>;
}

/**
 * One attribute of a tag's attribute text (`r="B7" s="3" t="s"`). Cells are scanned with indexOf
 * rather than regular expressions: per cell, they would cost more than everything else together.
 */
function attributeOf(attributes: string, name: string): string | undefined {
  for (let at = attributes.indexOf(`${name}=`); at >= 0; at = attributes.indexOf(`${name}=`, at + 1)) {
    const before = attributes.charCodeAt(at - 1);
    const quote = attributes[at + name.length + 1];
    if ((at === 0 || before === 32 || before === 9 || before === 10 || before === 13) && (quote === '"' || quote === "'")) {
      const start = at + name.length + 2;
      return attributes.slice(start, attributes.indexOf(quote, start));
    }
  }
  return undefined;
}

/** The column of a cell reference (`AB12` → 28), or 0 when it names none. */
function referenceColumn(reference: string): number {
  let column = 0;
  for (let index = 0; index < reference.length; index += 1) {
    const code = reference.charCodeAt(index) & ~32;
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column;
}

const inlinePattern = /<(\w+:)?is\b[^>]*>([\s\S]*?)<\/\1?is>/;
const valuePattern = /<(\w+:)?v(?:\s[^>]*)?>([\s\S]*?)<\/\1?v>/;

/** A cell's value from its type (`t`), its `<v>` text and its style: shared strings by index, dates by their number format. */
function cellValue(inner: string, attributes: string, prefix: string, context: SheetContext): SheetCell {
  const type = attributeOf(attributes, 't') ?? 'n';
  const valueAt = inner.indexOf(`<${prefix}v>`);
  const raw = valueAt >= 0 ? inner.slice(valueAt + prefix.length + 3, inner.indexOf(`</${prefix}v>`, valueAt)) : valuePattern.exec(inner)?.[2];
  if (type === 'inlineStr') {
    const inline = inlinePattern.exec(inner)?.[2];
    return inline !== undefined ? stringItem(inline) : raw !== undefined ? xmlText(raw) : null;
  }
  if (raw === undefined) return inner.includes(`<${prefix}f`) ? { formulaWithoutValue: true } : null;
  switch (type) {
    case 's': return context.shared[Number(raw)] ?? null;
    case 'str': return xmlText(raw);
    case 'b': return raw.trim() !== '0';
    case 'e': return { error: xmlText(raw) };
    case 'd': {
      const date = new Date(raw.trim());
      return Number.isNaN(date.getTime()) ? xmlText(raw) : { date: date.toISOString() };
    }
    default: {
      const number = Number(raw);
      if (raw.trim() === '') return null;
      if (!Number.isFinite(number)) return xmlText(raw);
      const style = attributeOf(attributes, 's');
      if (style === undefined || !context.dateStyles.has(Number(style))) return number;
      let date = context.dates.get(number);
      if (date === undefined) {
        date = dateCell(number, context.date1904);
        if (context.dates.size < 100_000) context.dates.set(number, date);
      }
      return date;
    }
  }
}

const isTagEnd = (code: number) => code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13;

/** The cells of one `<row>`'s inner XML, from column A; `prefix` is the sheet's namespace prefix (`x:`), if any. */
function rowCells(xml: string, prefix: string, context: SheetContext): SheetCell[] {
  const cells: SheetCell[] = [];
  const open = `<${prefix}c`;
  const close = `</${prefix}c>`;
  let column = 0;
  for (let at = xml.indexOf(open); at >= 0;) {
    const tagEnd = xml.indexOf('>', at);
    if (tagEnd < 0) break;
    if (!isTagEnd(xml.charCodeAt(at + open.length))) { at = xml.indexOf(open, at + 1); continue; }
    const selfClosing = xml.charCodeAt(tagEnd - 1) === 47;
    const attributes = xml.slice(at + open.length, selfClosing ? tagEnd - 1 : tagEnd);
    const reference = attributeOf(attributes, 'r');
    column = (reference && referenceColumn(reference)) || column + 1;
    if (column > context.limits.columns) throw tooManyColumns(context.limits.columns);
    if (selfClosing) { at = xml.indexOf(open, tagEnd); continue; }
    const end = xml.indexOf(close, tagEnd);
    if (end < 0) break;
    at = xml.indexOf(open, end + close.length);
    if (end === tagEnd + 1) continue;
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = cellValue(xml.slice(tagEnd + 1, end), attributes, prefix, context);
  }
  return cells;
}

const rowOpenPattern = /<(\w+:)?row\b([^>]*)>/g;
const rowNumberPattern = /\sr\s*=\s*["'](\d+)["']/;

/**
 * The rows in a stretch of sheet XML that ends after a `</row>`. Returns the rows and the row number
 * reached, so that rows without an `r` attribute keep counting across stretches.
 */
function* rowsOf(xml: string, context: SheetContext, previous: { number: number }): Generator<SheetRow> {
  rowOpenPattern.lastIndex = 0;
  for (let open = rowOpenPattern.exec(xml); open; open = rowOpenPattern.exec(xml)) {
    const attributes = open[2]!;
    const declared = rowNumberPattern.exec(attributes)?.[1];
    const number = declared ? Number(declared) : previous.number + 1;
    previous.number = number;
    if (attributes.endsWith('/')) continue;
    const close = `</${open[1] ?? ''}row>`;
    const end = xml.indexOf(close, rowOpenPattern.lastIndex);
    if (end < 0) break;
    const cells = rowCells(xml.slice(rowOpenPattern.lastIndex, end), open[1] ?? '', context);
    rowOpenPattern.lastIndex = end + close.length;
    yield { row: number, cells };
  }
}

/** Where the last complete closing tag `</name>` (of any prefix) of a stretch ends, or -1. */
function lastCloseEnd(xml: string, name: string): number {
  const tail = `${name}>`;
  for (let at = xml.lastIndexOf(tail); at > 0; at = xml.lastIndexOf(tail, at - 1)) {
    if (/<\/(\w+:)?$/.test(xml.slice(Math.max(0, at - 12), at))) return at + tail.length;
  }
  return -1;
}

/** What one kept string costs beside its text (its header and its place in the list): a million empty items are not free. */
const itemCost = 16;

/** A string item, or an empty one written `<si/>` (whose slash must not open an item that runs into the next). */
const sharedItemPattern = /<(\w+:)?si\b(?:[^>]*[^/>])?>([\s\S]*?)<\/\1?si>|<(?:\w+:)?si\s*\/>/g;

/**
 * The shared strings, inflated and cut into items as they stream, so that the reader never holds the
 * part's XML whole. Their text is counted before it is kept: past the text limit the workbook is
 * refused, however well its repeated strings compress.
 */
async function sharedStrings(archive: ZipArchive, part: ZipEntry, textLimit: number): Promise<string[]> {
  const strings: string[] = [];
  const decoder = new TextDecoder('utf-8');
  let kept = 0;
  let pending = '';
  const take = (xml: string) => {
    for (const match of xml.matchAll(sharedItemPattern)) {
      const text = stringItem(match[2] ?? '');
      kept += text.length + itemCost;
      if (kept > textLimit) throw tooLarge(textLimit);
      strings.push(text);
    }
  };
  for await (const chunk of archive.stream(part)) {
    pending += decoder.decode(chunk, { stream: true });
    const cut = lastCloseEnd(pending, 'si');
    if (cut > 0) {
      take(pending.slice(0, cut));
      pending = pending.slice(cut);
    }
    if (pending.length > textLimit) throw tooLarge(textLimit);
  }
  take(pending + decoder.decode());
  return strings;
}

const corrupt = (detail: string) => new UnreadableFile('corrupt', `The workbook is damaged: ${detail}.`);

/** A part's path from a relationship target: absolute, or relative to the folder of the part that names it. */
function resolvePart(base: string, target: string): string {
  const segments = target.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const segment of target.replace(/\\/g, '/').split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

/** The relationships of a part, by id: where each points and what kind of part it is. */
function relationshipsOf(xml: string, base: string): Map<string, { path: string; type: string }> {
  const relations = new Map<string, { path: string; type: string }>();
  for (const match of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(match[0], 'Id');
    const target = attribute(match[0], 'Target');
    if (id && target && attribute(match[0], 'TargetMode') !== 'External') relations.set(id, { path: resolvePart(base, target), type: attribute(match[0], 'Type') ?? '' });
  }
  return relations;
}

/**
 * Opens an .xlsx workbook: its worksheets in order, date system, shared strings and date styles. The
 * parts read whole are refused past the text limit before they are inflated.
 */
export async function openXlsx(filePath: string, textLimit = readerLimits.text): Promise<XlsxWorkbook> {
  const archive = await openZip(filePath);
  // Some writers store paths with backslashes or in another case; parts are found either way.
  const parts = new Map(archive.entries.map((file) => [file.name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase(), file]));
  const entry = (path: string) => parts.get(path.toLowerCase());
  const text = async (path: string) => {
    const part = entry(path);
    if (part && part.uncompressed > textLimit) throw tooLarge(textLimit);
    return part && (await archive.read(part)).toString('utf8');
  };

  const packageRelations = relationshipsOf((await text('_rels/.rels')) ?? '', '');
  const mainPath = [...packageRelations.values()].find((relation) => relation.type.endsWith('/officeDocument'))?.path ?? 'xl/workbook.xml';
  const workbookXml = await text(mainPath);
  if (workbookXml === undefined) throw corrupt('it has no workbook part');
  const folder = mainPath.includes('/') ? mainPath.slice(0, mainPath.lastIndexOf('/') + 1) : '';
  const targets = relationshipsOf((await text(`${folder}_rels/${mainPath.slice(folder.length)}.rels`)) ?? '', mainPath);
  const sheets: Array<{ name: string; path: string }> = [];
  for (const match of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attribute(match[0], 'name');
    const id = /\s(?:\w+:)?id\s*=\s*["']([^"']*)["']/.exec(match[0])?.[1];
    const relation = id ? targets.get(id) : undefined;
    // Chart sheets and dialog sheets hold no cells.
    if (name !== undefined && relation && relation.type.endsWith('/worksheet')) sheets.push({ name, path: relation.path });
  }
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\sdate1904\s*=\s*["'](1|true)["']/.exec(workbookXml) !== null;
  const relatedPath = (kind: string) => [...targets.values()].find((relation) => relation.type.endsWith(`/${kind}`))?.path ?? `${folder}${kind}.xml`;
  const sharedPart = entry(relatedPath('sharedStrings'));
  const shared = sharedPart ? await sharedStrings(archive, sharedPart, textLimit) : [];
  const styles = dateStyles((await text(relatedPath('styles'))) ?? '');

  async function* rows(sheetName: string, options: { fromRow: number; limits: SheetLimits; meter?: ReadMeter }): AsyncGenerator<SheetRow> {
    const sheet = sheets.find((candidate) => candidate.name === sheetName);
    const part = sheet && entry(sheet.path);
    if (!part) throw new UnreadableFile('corrupt', `The workbook has no sheet named ${sheetName}.`);
    const context: SheetContext = { shared, dateStyles: styles, date1904, limits: options.limits, dates: new Map() };
    const decoder = new TextDecoder('utf-8');
    const previous = { number: 0 };
    let pending = '';
    let inflated = 0;
    let dimensionSeen = false;
    const rowLimit = options.limits.text ?? textLimit;
    // Leaving this loop early (an outline needs twenty rows) stops the inflating too.
    for await (const chunk of archive.stream(part)) {
      inflated += chunk.length;
      pending += decoder.decode(chunk, { stream: true });
      if (!dimensionSeen) {
        const dimension = /<(?:\w+:)?dimension\s+ref\s*=\s*["'][A-Za-z]*\d+:?[A-Za-z]*(\d*)["']/.exec(pending);
        if (dimension || pending.includes('sheetData')) {
          dimensionSeen = true;
          const last = Number(dimension?.[1]);
          const declared = last > 0 ? Math.max(0, last - options.fromRow + 1) : null;
          if (options.meter) options.meter.declaredRows = declared;
          // A sheet that says it is too long is refused before its rows are read.
          if (declared !== null && declared > options.limits.rows) throw tooManyRows(options.limits.rows);
        }
      }
      const cut = lastCloseEnd(pending, 'row');
      if (cut >= 0) {
        const complete = pending.slice(0, cut);
        pending = pending.slice(cut);
        for (const row of rowsOf(complete, context, previous)) if (row.row >= options.fromRow) yield row;
        if (options.meter && part.uncompressed > 0) options.meter.fraction = Math.min(1, inflated / part.uncompressed);
      }
      // A row that never ends would otherwise be gathered whole.
      if (pending.length > rowLimit) throw tooLarge(rowLimit);
    }
    pending += decoder.decode();
    for (const row of rowsOf(pending, context, previous)) if (row.row >= options.fromRow) yield row;
    if (options.meter) options.meter.fraction = 1;
  }

  return { sheetNames: sheets.map((sheet) => sheet.name), date1904, rows };
}
