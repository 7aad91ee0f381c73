import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit, { type Font, type Subset } from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { documentTitles, shippingDocumentFields, type ShippingDocumentInput, type ShippingDocumentKind } from '../../common/lookup/shipping-documents.js';
import { AppError } from '../http/errors.js';

/**
 * Pretendard (SIL Open Font License, from its npm package) draws Latin with every Vietnamese letter and
 * all 11,172 Hangul syllables, so names print as typed: Nguyễn Văn Đức, 주식회사 한진. Only the glyphs a
 * document uses are embedded.
 */
const fontFiles = {
  regular: 'pretendard/dist/public/static/alternative/Pretendard-Regular.ttf',
  bold: 'pretendard/dist/public/static/alternative/Pretendard-Bold.ttf',
};

/**
 * OpenType substitutions and positioning off: pdf-lib draws each glyph at its advance width and ignores
 * kerning anyway, text is composed to precomposed letters before drawing, and shaping this font's
 * contextual alternates costs about a second per document.
 */
const plainGlyphs = Object.fromEntries(['rvrn', 'ltra', 'ltrm', 'frac', 'numr', 'dnom', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern', 'ljmo', 'vjmo', 'tjmo']
  .map((feature) => [feature, false]));

/** The parts of @pdf-lib/fontkit's TrueType subset that hold the glyph data being written. */
interface GlyphTables { glyf: Uint8Array[]; offset: number; _addGlyph: (gid: number) => number }

/**
 * @pdf-lib/fontkit 1.1.1 writes a small subset's glyph offsets in the short format (offset / 2) but copies
 * each glyph's bytes as they are, so after the first glyph of odd length (Pretendard has many) every
 * offset is off by one and the glyphs come out broken. Padding each glyph to an even length keeps the
 * offsets exact (later fontkit releases keep the long format instead).
 */
function withAlignedSubsets(face: Font): Font {
  const createSubset = face.createSubset.bind(face);
  face.createSubset = (): Subset => {
    const subset = createSubset();
    const tables = subset as unknown as GlyphTables;
    const addGlyph = tables._addGlyph.bind(subset);
    tables._addGlyph = (gid) => {
      const index = addGlyph(gid);
      const data = tables.glyf[index]!;
      if (data.length % 2 === 1) {
        // fontkit's own Buffer (a bundled polyfill), which its encoder insists on.
        const FontkitBuffer = data.constructor as typeof Buffer;
        tables.glyf[index] = FontkitBuffer.concat([data, FontkitBuffer.alloc(1)]);
        tables.offset += 1;
      }
      return index;
    };
    return subset;
  };
  return face;
}

interface Fonts {
  regular: Uint8Array;
  bold: Uint8Array;
  /** fontkit for pdf-lib, handing out the faces parsed once instead of parsing the files for every document. */
  fontkit: Parameters<PDFDocument['registerFontkit']>[0];
  covers: (codePoint: number) => boolean;
  /** Width of a text in the regular face (no kerning or ligatures, as drawn). */
  width: (text: string, size: number) => number;
}
let fontsLoaded: Promise<Fonts> | undefined;

/** Reads and parses the font files once per process, on the first document. */
function loadFonts(): Promise<Fonts> {
  fontsLoaded ??= (async () => {
    const resolve = createRequire(import.meta.url).resolve;
    const [regular, bold] = await Promise.all([fs.readFile(resolve(fontFiles.regular)), fs.readFile(resolve(fontFiles.bold))]);
    const faces = new Map([regular, bold].map((bytes) => [bytes as Uint8Array, withAlignedSubsets(fontkit.create(bytes))]));
    // Values are drawn in the regular face; the bold one only prints the fixed English labels.
    const face = faces.get(regular)!;
    const advances = new Map<number, number>();
    const advance = (codePoint: number) => {
      let value = advances.get(codePoint);
      if (value === undefined) { value = face.glyphForCodePoint(codePoint).advanceWidth / face.unitsPerEm; advances.set(codePoint, value); }
      return value;
    };
    return {
      regular, bold,
      fontkit: { create: (bytes) => faces.get(bytes) ?? withAlignedSubsets(fontkit.create(bytes)) },
      covers: (codePoint) => face.hasGlyphForCodePoint(codePoint),
      width: (text, size) => {
        let units = 0;
        for (const char of text) units += advance(char.codePointAt(0)!);
        return units * size;
      },
    };
  })();
  // A failed read is tried again by the next document rather than kept.
  fontsLoaded.catch(() => { fontsLoaded = undefined; });
  return fontsLoaded;
}

/** Control characters: a form value has no use for them beyond the line break. */
const control = /\p{Cc}/u;
const goodsKeys = ['marks', 'packages', 'description', 'grossWeightKg', 'measurementCbm'] as const;

/**
 * The values as they will be printed: composed (a Vietnamese letter typed as a base letter and combining
 * marks becomes its one precomposed glyph), tabs as spaces. Characters the font cannot draw are refused
 * with an error on each field holding them, so a document never comes out with missing letters.
 */
function printableValues(input: ShippingDocumentInput, fonts: Fonts) {
  const problems: Record<string, string[]> = {};
  const printable = (text: string, field: string): string => {
    const out = text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
    const missing = [...new Set([...out].filter((char) => char !== '\n' && (control.test(char) || !fonts.covers(char.codePointAt(0)!))))];
    if (missing.length > 0) {
      const shown = missing.map((char) => (control.test(char) ? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : char));
      problems[field] = [`Cannot print ${shown.join(' ')}.`];
    }
    return out;
  };
  const fields = Object.fromEntries(Object.entries(input.fields).map(([key, value]) => [key, printable(value, `fields.${key}`)]));
  const goods = input.goods.map((line, index) => goodsKeys.map((key) => printable(line[key], `goods.${index}.${key}`)));
  if (Object.keys(problems).length > 0) {
    throw new AppError('validation_error', 'The document font cannot print some characters.', { fields: problems });
  }
  return { fields, goods };
}

function wrap(text: string, fonts: Fonts, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (fonts.width(next, size) <= width || !line) line = next;
      else { lines.push(line); line = word; }
    }
    lines.push(line);
  }
  return lines;
}

const margin = 36;
const pageSize: [number, number] = [595.28, 841.89];
const ink = rgb(0.1, 0.1, 0.1);
const rule = rgb(0.55, 0.55, 0.55);

/** Draws a labelled box and returns its height. */
function box(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont; faces: Fonts }, x: number, top: number, width: number, label: string, value: string): number {
  const lines = wrap(value, fonts.faces, 9, width - 8);
  const height = 18 + lines.length * 11;
  page.drawRectangle({ x, y: top - height, width, height, borderColor: rule, borderWidth: 0.6 });
  page.drawText(label.toUpperCase(), { x: x + 4, y: top - 10, size: 6.5, font: fonts.bold, color: rule });
  lines.forEach((line, index) => page.drawText(line, { x: x + 4, y: top - 21 - index * 11, size: 9, font: fonts.regular, color: ink }));
  return height;
}

/** The PDF of an arrival notice or a bill of lading from the form's values. */
export async function renderShippingDocument(options: { kind: ShippingDocumentKind; input: ShippingDocumentInput }): Promise<Uint8Array> {
  const { kind, input } = options;
  const faces = await loadFonts();
  const values = printableValues(input, faces);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(faces.fontkit);
  pdf.setTitle(`${documentTitles[kind]} ${values.fields.blNumber ?? ''}`);
  pdf.setProducer('Dutybook');
  const fonts = {
    regular: await pdf.embedFont(faces.regular, { subset: true, features: plainGlyphs }),
    bold: await pdf.embedFont(faces.bold, { subset: true, features: plainGlyphs }),
    faces,
  };
  let page = pdf.addPage(pageSize);
  const width = pageSize[0] - 2 * margin;
  let top = pageSize[1] - margin;
  page.drawText(documentTitles[kind], { x: margin, y: top - 16, size: 18, font: fonts.bold, color: ink });
  top -= 30;

  const fields = shippingDocumentFields[kind].filter((field) => (values.fields[field.key] ?? '') !== '');
  const half = (width - 6) / 2;
  for (let i = 0; i < fields.length; i += 2) {
    const pair = fields.slice(i, i + 2);
    const heights = pair.map((field, column) =>
      box(page, fonts, margin + column * (half + 6), top, half, field.label, values.fields[field.key]!));
    top -= Math.max(...heights) + 6;
  }

  const columns = [['Marks and numbers', 0.18], ['Packages', 0.14], ['Description of goods', 0.4], ['Gross weight (kg)', 0.14], ['Measurement (m3)', 0.14]] as const;
  const header = () => {
    let x = margin;
    page.drawRectangle({ x: margin, y: top - 16, width, height: 16, color: rgb(0.93, 0.93, 0.93) });
    for (const [label, share] of columns) {
      page.drawText(label, { x: x + 3, y: top - 11, size: 7, font: fonts.bold, color: ink });
      x += share * width;
    }
    top -= 18;
  };
  top -= 6;
  header();
  for (const line of values.goods) {
    const cells = line.map((value, column) => wrap(value, faces, 8.5, columns[column]![1] * width - 6));
    const height = Math.max(...cells.map((cell) => cell.length)) * 10.5 + 4;
    if (top - height < margin) { page = pdf.addPage(pageSize); top = pageSize[1] - margin; header(); }
    let x = margin;
    cells.forEach((cell, column) => {
      cell.forEach((text, row) => page.drawText(text, { x: x + 3, y: top - 9 - row * 10.5, size: 8.5, font: fonts.regular, color: ink }));
      x += columns[column]![1] * width;
    });
    top -= height;
    page.drawLine({ start: { x: margin, y: top }, end: { x: margin + width, y: top }, thickness: 0.4, color: rule });
  }
  return pdf.save();
}
