import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The bytes of a stream, inflated when it is compressed. */
function streamBytes(stream: PDFStream): Buffer {
  if (!(stream instanceof PDFRawStream)) throw new Error('pdf-lib reads every stream of a loaded file as raw bytes');
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  return filter === PDFName.of('FlateDecode') ? zlib.inflateSync(stream.contents) : Buffer.from(stream.contents);
}

/** Glyph id → the text it stands for, from a font's ToUnicode CMap. */
function toUnicode(font: PDFDict): Map<number, string> {
  const cmap = streamBytes(font.lookup(PDFName.of('ToUnicode'), PDFStream)).toString('latin1');
  const map = new Map<number, string>();
  for (const [, gid, hex] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
    const units = hex!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
    map.set(parseInt(gid!, 16), String.fromCharCode(...units));
  }
  return map;
}

/** The embedded (subset) font program of a Type0 font. */
function fontProgram(font: PDFDict): Buffer {
  const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  return streamBytes(descendant.lookup(PDFName.of('FontDescriptor'), PDFDict).lookup(PDFName.of('FontFile2'), PDFStream));
}

/**
 * What a document prints: every text drawn on its pages, read back through the fonts' ToUnicode maps,
 * and the fonts themselves.
 */
async function readDocument(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const texts: string[] = [];
  const fonts = new Map<string, PDFDict>();
  for (const page of pdf.getPages()) {
    const resources = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map(resources.keys().map((name) => {
      const font = resources.lookup(name, PDFDict);
      fonts.set(font.lookup(PDFName.of('BaseFont'))!.toString(), font);
      return [name.asString(), toUnicode(font)] as const;
    }));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref, PDFStream)) : [contents as PDFStream];
    let current = new Map<number, string>();
    for (const stream of streams) {
      for (const [, font, hex] of streamBytes(stream).toString('latin1').matchAll(/(\/\S+) [\d.]+ Tf|<([0-9a-f]*)> Tj/gi)) {
        if (font) current = maps.get(font)!;
        else texts.push(hex!.match(/.{4}/g)!.map((gid) => current.get(parseInt(gid, 16)) ?? '\ufffd').join(''));
      }
    }
  }
  return { pdf, texts, fonts: [...fonts.values()] };
}

describe('shipping documents', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  const goods = Array.from({ length: 20 }, (_, i) => ({
    marks: `DB-${i}`, packages: `${i + 1} cartons`, description: `Cà phê nhân Robusta, bao đay 60 kg, lô số ${i} `.repeat(3), grossWeightKg: '1200', measurementCbm: '2.5',
  }));
  const post = (kind: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/lookup/documents/${kind}/`, payload });

  it('produces a bill of lading PDF that prints Vietnamese and Korean as typed, with only the glyphs it uses', async () => {
    const response = await post('bill-of-lading', {
      fields: {
        blNumber: 'HPH-250301', shipper: 'Nguyễn Văn Đức\nCông ty TNHH Cà phê Đắk Lắk, 12 Lê Duẩn, Buôn Ma Thuột', consignee: '주식회사 한진\n부산광역시 중구', vessel: 'WAN HAI 288 / 012N',
        notifyParty: 'Đặng Thị Thơ', placeOfReceipt: 'Hưng Yên', portOfLoading: 'Hải Phòng', portOfDischarge: 'Busan', placeDateOfIssue: 'Hải Phòng, 2025-03-01',
      },
      goods,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="bill-of-lading.pdf"; filename*=UTF-8''bill-of-lading.pdf`);
    const { pdf, texts, fonts } = await readDocument(response.rawPayload);
    expect(pdf.getTitle()).toBe('BILL OF LADING HPH-250301');
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(texts).toEqual(expect.arrayContaining(['BILL OF LADING', 'Nguyễn Văn Đức', '주식회사 한진', '부산광역시 중구', 'Đặng Thị Thơ', 'Hưng Yên', 'Hải Phòng', 'Hải Phòng, 2025-03-01']));
    expect(texts.join('\n')).toContain('Cà phê nhân Robusta, bao đay 60 kg');
    // The accent-stripped spellings the standard font used to print are gone.
    expect(texts.join('\n')).not.toMatch(/Nguyen|Dak Lak|Hai Phong/);

    // Each font is a subset of a 2.7 MB face, a few kilobytes, whose glyphs are drawn exactly as in the face.
    expect(fonts).toHaveLength(2);
    expect(response.rawPayload.length).toBeLessThan(150_000);
    const faceFile = (weight: string) => createRequire(import.meta.url).resolve(`pretendard/dist/public/static/alternative/Pretendard-${weight}.ttf`);
    for (const font of fonts) {
      const weight = font.lookup(PDFName.of('BaseFont'))!.toString().includes('Bold') ? 'Bold' : 'Regular';
      const face = fontkit.create(fs.readFileSync(faceFile(weight)));
      const program = fontProgram(font);
      expect(program.length).toBeLessThan(100_000);
      const subset = fontkit.create(program);
      const glyphs = toUnicode(font);
      if (weight === 'Regular') for (const char of 'ễĐươặ한진') expect([...glyphs.values()], char).toContain(char);
      for (const [gid, char] of glyphs) {
        expect(subset.getGlyph(gid).path.toSVG(), `${weight} ${char}`).toBe(face.glyphForCodePoint(char.codePointAt(0)!).path.toSVG());
      }
    }
  });

  it('prints letters typed with combining accents as the composed letters', async () => {
    const fields = { blNumber: 'X2', noticeDate: '2025-03-10', carrier: 'WAN HAI', consignee: 'Nguye\u0302\u0303n Va\u0306n \u0110u\u031b\u0301c', vessel: 'V', portOfLoading: 'Busan', portOfDischarge: 'Hai Phong', eta: '2025-03-12' };
    const response = await post('arrival-notice', { fields, goods: goods.slice(0, 1) });
    expect(response.statusCode).toBe(200);
    expect((await readDocument(response.rawPayload)).texts).toContain('Nguyễn Văn Đức');
  });

  it('produces an arrival notice and checks required fields and printable characters', async () => {
    const fields = { blNumber: 'X1', noticeDate: '2025-03-10', carrier: 'WAN HAI', consignee: '한진해운 주식회사', vessel: 'V', portOfLoading: 'Busan', portOfDischarge: 'Hai Phong', eta: '2025-03-12' };
    const ok = await post('arrival-notice', { fields, goods: goods.slice(0, 1) });
    expect(ok.statusCode).toBe(200);
    const { pdf, texts } = await readDocument(ok.rawPayload);
    expect(pdf.getTitle()).toBe('ARRIVAL NOTICE X1');
    expect(texts).toContain('한진해운 주식회사');

    const missing = await post('arrival-notice', { fields: { ...fields, eta: '' }, goods: [] });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['fields.eta', 'goods']);

    // Hanja, an emoji and a control character have no glyph: each field that holds one is named.
    const unprintable = await post('arrival-notice', {
      fields: { ...fields, consignee: '韓進海運', remarks: 'bell\u0007' },
      goods: [{ ...goods[0]!, description: 'Coffee 🚢' }],
    });
    expect(unprintable.statusCode).toBe(400);
    expect(unprintable.json()).toMatchObject({
      code: 'validation_error',
      fields: { 'fields.consignee': ['Cannot print 韓 進 海 運.'], 'fields.remarks': ['Cannot print U+0007.'], 'goods.0.description': ['Cannot print 🚢.'] },
    });
  });

  it('renders a few documents a minute for one client, whichever kinds it asks for', async () => {
    const limited = await createTestApp({ documentsPerMinute: 2 });
    try {
      const statuses = [];
      for (const kind of ['arrival-notice', 'bill-of-lading', 'arrival-notice']) {
        statuses.push((await limited.app.inject({ method: 'POST', url: `/api/lookup/documents/${kind}/`, payload: {} })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
