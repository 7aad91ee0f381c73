import zlib from 'node:zlib';
import type { TestApp } from './test-app.js';

/**
 * Hostile archives built in memory for the attack tests: a workbook or a Word document of a few kilobytes whose
 * parts say what the attack needs.
 */

/** One part: its text (or the chunk it repeats `times`), and optionally the inflated size its headers declare instead of the true one. */
export interface ZipPart { name: string; text: string; times?: number; declared?: number }

/** A ZIP archive of deflated parts; CRCs are left out (no reader here checks them). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const chunk = Buffer.from(part.text);
    const times = part.times ?? 1;
    const deflated = zlib.deflateRawSync(times === 1 ? chunk : Buffer.concat(Array.from({ length: times }, () => chunk)), { level: 9 });
    const name = Buffer.from(part.name);
    const size = part.declared ?? chunk.length * times;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18); local.writeUInt32LE(size, 22); local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0); header.writeUInt16LE(20, 4); header.writeUInt16LE(20, 6); header.writeUInt16LE(8, 10);
    header.writeUInt32LE(deflated.length, 20); header.writeUInt32LE(size, 24); header.writeUInt16LE(name.length, 28); header.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    central.push(header, name);
    offset += 30 + name.length + deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(parts.length, 8); end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A one-sheet .xlsx with a header row (STT, Mã, Tên) and whatever the attack adds: more of the sheet's XML after its
 * data (`sheetTail`: merged cells, validations), the range its `<dimension>` declares, cells of its own (`cells`), defined names, extra parts.
 */
export function workbookOf(options: { dimension?: string; sheetTail?: string; cells?: string; definedNames?: string; parts?: ZipPart[]; contentTypes?: string } = {}): Buffer {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>STT</t></is></c><c r="B1" t="inlineStr"><is><t>Mã</t></is></c><c r="C1" t="inlineStr"><is><t>Tên</t></is></c></row>';
  return zipOf([
    { name: '[Content_Types].xml', text: options.contentTypes ?? `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>` },
    { name: '_rels/.rels', text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Mau" sheetId="1" r:id="rId1"/></sheets>${options.definedNames ? `<definedNames>${options.definedNames}</definedNames>` : ''}</workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', text: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}" xmlns:r="${rel}">${options.dimension ? `<dimension ref="${options.dimension}"/>` : ''}<sheetData>${header}${options.cells ?? ''}</sheetData>${options.sheetTail ?? ''}</worksheet>` },
    ...(options.parts ?? []),
  ]);
}

/** A minimal Word document whose body is `body`, with extra parts (or parts lying about their size). */
export function wordOf(body: string, parts: ZipPart[] = []): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', text: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>' },
    { name: '_rels/.rels', text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="word/document.xml"/></Relationships>` },
    { name: 'word/document.xml', text: `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${rel}"><w:body>${body}</w:body></w:document>` },
    ...parts,
  ]);
}

/**
 * Runs `attack` while asking /api/health/ again and again: answers the attack's response, the longest the health
 * check took (short only if the attack never holds the server's thread) and how far the server's memory grew.
 */
export async function whileAnswering<T>(t: TestApp, attack: () => Promise<T>): Promise<{ outcome: T; slowestHealthMs: number; rssGrowthMb: number }> {
  let done = false;
  let slowest = 0;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage.rss()); }, 20);
  const probe = (async () => {
    // Give the attack its start first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    while (!done) {
      const started = performance.now();
      const answer = await t.app.inject({ method: 'GET', url: '/api/health/' });
      if (answer.statusCode !== 200) throw new Error(`health answered ${answer.statusCode}`);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  let outcome: T;
  try {
    outcome = await attack();
  } finally {
    done = true;
    clearInterval(sampler);
    await probe;
  }
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  return { outcome, slowestHealthMs: slowest, rssGrowthMb: (peakRss - startRss) / (1024 * 1024) };
}
