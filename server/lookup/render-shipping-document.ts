import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { documentTitles, shippingDocumentFields, type ShippingDocumentInput, type ShippingDocumentKind } from '../../common/lookup/shipping-documents.js';
import { AppError } from '../http/errors.js';

const printable = /^[\n\x20-\x7e\xa0-\xff]*$/;

/**
 * Shipping documents are written in Latin letters: Vietnamese accents the PDF's standard font cannot
 * draw are removed (Nguyễn → Nguyen, as carriers print names), and any other script is refused.
 */
function latin(text: string, field: string): string {
  const out = [...text].map((char) => {
    if (printable.test(char)) return char;
    if (char === 'đ') return 'd';
    if (char === 'Đ') return 'D';
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    return printable.test(bare) ? bare : char;
  }).join('').replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, '-');
  if (!printable.test(out)) throw new AppError('validation_error', 'Shipping documents accept Latin letters only.', { fields: { [field]: ['Use Latin letters.'] } });
  return out;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
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
function box(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }, x: number, top: number, width: number, label: string, value: string): number {
  const lines = wrap(value, fonts.regular, 9, width - 8);
  const height = 18 + lines.length * 11;
  page.drawRectangle({ x, y: top - height, width, height, borderColor: rule, borderWidth: 0.6 });
  page.drawText(label.toUpperCase(), { x: x + 4, y: top - 10, size: 6.5, font: fonts.bold, color: rule });
  lines.forEach((line, index) => page.drawText(line, { x: x + 4, y: top - 21 - index * 11, size: 9, font: fonts.regular, color: ink }));
  return height;
}

/** The PDF of an arrival notice or a bill of lading from the form's values. */
export async function renderShippingDocument(options: { kind: ShippingDocumentKind; input: ShippingDocumentInput }): Promise<Uint8Array> {
  const { kind, input } = options;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${documentTitles[kind]} ${latin(input.fields.blNumber ?? '', 'fields.blNumber')}`);
  pdf.setProducer('Dutybook');
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  let page = pdf.addPage(pageSize);
  const width = pageSize[0] - 2 * margin;
  let top = pageSize[1] - margin;
  page.drawText(documentTitles[kind], { x: margin, y: top - 16, size: 18, font: fonts.bold, color: ink });
  top -= 30;

  const fields = shippingDocumentFields[kind].filter((field) => (input.fields[field.key] ?? '') !== '');
  const half = (width - 6) / 2;
  for (let i = 0; i < fields.length; i += 2) {
    const pair = fields.slice(i, i + 2);
    const heights = pair.map((field, column) =>
      box(page, fonts, margin + column * (half + 6), top, half, field.label, latin(input.fields[field.key]!, `fields.${field.key}`)));
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
  input.goods.forEach((line, index) => {
    const cells = [line.marks, line.packages, line.description, line.grossWeightKg, line.measurementCbm]
      .map((value, column) => wrap(latin(value, `goods.${index}`), fonts.regular, 8.5, columns[column]![1] * width - 6));
    const height = Math.max(...cells.map((cell) => cell.length)) * 10.5 + 4;
    if (top - height < margin) { page = pdf.addPage(pageSize); top = pageSize[1] - margin; header(); }
    let x = margin;
    cells.forEach((cell, column) => {
      cell.forEach((text, row) => page.drawText(text, { x: x + 3, y: top - 9 - row * 10.5, size: 8.5, font: fonts.regular, color: ink }));
      x += columns[column]![1] * width;
    });
    top -= height;
    page.drawLine({ start: { x: margin, y: top }, end: { x: margin + width, y: top }, thickness: 0.4, color: rule });
  });
  return pdf.save();
}
