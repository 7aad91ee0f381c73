import { columnNumber } from '../../common/imports/cells.js';
import { UnreadableFile } from './unreadable.js';
import { bytesSource, inflateEntry, type ZipEntry, zipEntries } from './zip.js';

/**
 * What a workbook held in memory (a layout template) may reach before a library that builds an object per cell
 * (exceljs) is given it. That library expands a merged range, a data validation or a defined name into every cell it
 * covers, and its fill walks every column a row reaches: `A10:XFD1048576` is 17 billion cells from 2 KB.
 */
export interface AreaLimits {
  /** The last row and column any cell, merged range, validation, hyperlink, defined name or dimension may reach. */
  rows: number;
  columns: number;
  /** Cells written in the sheets, and cells covered by merged ranges, validations and defined names, each in all. */
  cells: number;
  /** Parts in the archive, and the bytes they may inflate to in all. */
  entries: number;
  inflated: number;
}

/** The workbook reaches past the area; `what` names the construct (a cell, a merged range …) and `at` where. */
export class OutsideArea extends Error {
  constructor(readonly what: string, readonly at: string) {
    super(`The workbook's ${what} ${at} reaches beyond the area a template may use.`);
  }
}

export interface ArchiveFacts {
  entries: ZipEntry[];
  /** A VBA project or a macro-enabled content type. */
  macros: boolean;
}

const partName = (entry: ZipEntry) => entry.name.replace(/\\/g, '/').toLowerCase();

/**
 * The archive checked by its central directory alone: how many parts, what they declare they inflate to, encryption
 * and macros. Nothing is inflated but `[Content_Types].xml`, to its declared size.
 */
export async function checkArchive(content: Buffer, limits: Pick<AreaLimits, 'entries' | 'inflated'>): Promise<ArchiveFacts> {
  const entries = await zipEntries(bytesSource(content), content.length);
  if (entries.length > limits.entries) throw new UnreadableFile('zip_bomb', `The archive holds more than ${limits.entries} parts.`);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressed, 0);
  if (declared > limits.inflated || entries.some((entry) => entry.uncompressed === 0xffffffff)) {
    throw new UnreadableFile('zip_bomb', 'The workbook expands to far more data than its size allows.');
  }
  if (entries.some((entry) => entry.encrypted)) throw new UnreadableFile('encrypted', 'The workbook is password protected.');
  const types = entries.find((entry) => partName(entry) === '[content_types].xml');
  const typesXml = types ? (await inflateEntry(content, types, limits.inflated)).toString('utf8') : '';
  const macros = entries.some((entry) => /vbaproject[^/]*\.bin$/.test(partName(entry))) || /macroEnabled/i.test(typesXml);
  return { entries, macros };
}

/** A cell or range reference, `$` signs allowed; parts without a row or a column (`A:C`, `1:3`) read as null. */
function boxOf(reference: string): { top: number | null; left: number | null; bottom: number | null; right: number | null } | undefined {
  const [from = '', to = from] = reference.replaceAll('$', '').split(':');
  const corner = (text: string) => {
    const match = /^([A-Za-z]{0,3})(\d{0,7})$/.exec(text);
    if (!match) return undefined;
    return { column: match[1] ? columnNumber(match[1].toUpperCase()) : null, row: match[2] ? Number(match[2]) : null };
  };
  const start = corner(from);
  const end = corner(to);
  if (!start || !end) return undefined;
  return { top: start.row, left: start.column, bottom: end.row, right: end.column };
}

/**
 * Reads the references of one part by its tags, in one pass: each `<` is followed by its `>` once, and attributes are
 * found with indexOf, so no pattern can backtrack over hostile text.
 */
function scanPart(xml: string, limits: AreaLimits, spent: { cells: number; covered: number }): void {
  const within = (what: string, reference: string, expands: boolean) => {
    for (const one of reference.trim().split(/\s+/)) {
      if (!one) continue;
      // A defined name is `Sheet!$A$1:$B$2` or several of them; its sheet part is not a reference.
      for (const piece of one.split(',')) {
        const text = piece.includes('!') ? piece.slice(piece.lastIndexOf('!') + 1) : piece;
        const box = boxOf(text);
        // A lone word or number (a defined name's constant, another name) is no reference; a whole row or column is
        // one only as a range (`$1:$3`, `A:C`).
        if (!box || (!text.includes(':') && (box.top === null || box.left === null))) continue;
        const rows = [box.top, box.bottom].filter((value): value is number => value !== null);
        const columns = [box.left, box.right].filter((value): value is number => value !== null);
        if (rows.some((row) => row > limits.rows) || columns.some((column) => column > limits.columns)) throw new OutsideArea(what, text);
        // exceljs expands a range only when both corners name a row and a column.
        if (expands && box.top !== null && box.bottom !== null && box.left !== null && box.right !== null) {
          spent.covered += (Math.abs(box.bottom - box.top) + 1) * (Math.abs(box.right - box.left) + 1);
          if (spent.covered > limits.cells) throw new OutsideArea(what, text);
        }
      }
    }
  };
  const attribute = (tag: string, name: string): string | undefined => {
    for (let from = 0; ;) {
      const at = tag.indexOf(`${name}="`, from);
      if (at < 0) return undefined;
      if (at > 0 && /\s/.test(tag[at - 1]!)) return tag.slice(at + name.length + 2, Math.max(at + name.length + 2, tag.indexOf('"', at + name.length + 2)));
      from = at + 1;
    }
  };
  for (let index = xml.indexOf('<'); index >= 0;) {
    const close = xml.indexOf('>', index);
    if (close < 0) break;
    const tag = xml.slice(index + 1, close);
    let nameEnd = 0;
    while (nameEnd < tag.length && !/[\s/]/.test(tag[nameEnd]!)) nameEnd += 1;
    const name = tag.slice(0, nameEnd).replace(/^[\w]+:(?=\w)/, (prefix) => (prefix === 'xm:' ? prefix : ''));
    const text = () => xml.slice(close + 1, Math.max(close + 1, xml.indexOf('<', close + 1)));
    switch (name) {
      case 'c':
        spent.cells += 1;
        if (spent.cells > limits.cells) throw new OutsideArea('cells', `(more than ${limits.cells.toLocaleString('en')})`);
        within('cell', attribute(tag, 'r') ?? '', false);
        break;
      case 'row': {
        const row = Number(attribute(tag, 'r') ?? 0);
        if (row > limits.rows) throw new OutsideArea('row', String(row));
        break;
      }
      case 'dimension':
        within('dimension', attribute(tag, 'ref') ?? '', false);
        break;
      case 'mergeCell':
        within('merged range', attribute(tag, 'ref') ?? '', true);
        break;
      case 'hyperlink':
        within('hyperlink', attribute(tag, 'ref') ?? '', true);
        break;
      case 'dataValidation':
        within('data validation', attribute(tag, 'sqref') ?? '', true);
        break;
      case 'xm:sqref':
        within('data validation', text(), true);
        break;
      case 'definedName':
        if (!tag.endsWith('/')) within('defined name', text(), true);
        break;
      default:
    }
    index = xml.indexOf('<', close + 1);
  }
}

/**
 * Every part inflated, each stopped at what it declares (a part that inflates to more is refused), and the sheets'
 * and the workbook's references checked against the area. Meant for the reader child: the parts are held whole.
 */
export async function checkWorkbookArea(content: Buffer, limits: AreaLimits): Promise<ArchiveFacts> {
  const facts = await checkArchive(content, limits);
  const spent = { cells: 0, covered: 0 };
  for (const entry of facts.entries) {
    const name = partName(entry);
    if (name.endsWith('/')) continue;
    const data = await inflateEntry(content, entry, limits.inflated);
    if (name === 'xl/workbook.xml' || /^xl\/worksheets\/[^/]+\.xml$/.test(name)) scanPart(data.toString('utf8'), limits, spent);
  }
  return facts;
}
