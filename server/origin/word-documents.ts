import PizZip from 'pizzip';
import type { WordUpload } from '../../common/origin/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { countUpload, type UploadQuota } from '../imports/uploads.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';
import { bytesSource, inflateEntry, type ZipEntry, zipEntries } from '../spreadsheets/zip.js';

/**
 * Word documents a user adds to a dossier (a signed supplier declaration, a cover letter): checked to be what they
 * claim before they are kept, and merged with the schedules into one document, each on its own page.
 */

export const WORD_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Inflated, a document's parts may not exceed this: a small zip must not become gigabytes in memory. */
const WORD_UNPACKED_MAX_BYTES = 100 * 1024 * 1024;

const refused = (message: string) => new AppError('unsupported_media_type', message, { fields: { file: [message] } });
/** Parts in a document: Word writes a few dozen; thousands only make every later step longer. */
const WORD_MAX_PARTS = 1000;

/**
 * Refuses anything but a Word document (.docx, no macros) within the bounds. Nothing here trusts the sizes the
 * archive declares: each part is inflated on the thread pool and stopped as soon as it passes what it declares, and
 * the declared sizes together are bounded, so a document that lies about its parts costs no more than the bound.
 */
export async function checkWordDocument(content: Buffer): Promise<void> {
  if (content.length > WORD_UPLOAD_MAX_BYTES) throw new AppError('payload_too_large', `A document may be ${WORD_UPLOAD_MAX_BYTES / 1024 / 1024} MB at most.`, { fields: { file: ['too_large'] } });
  // A .docx is a zip archive: it starts with a local file header.
  if (content.subarray(0, 4).toString('latin1') !== 'PK\x03\x04') throw refused('The file is not a Word document (.docx).');
  let entries: ZipEntry[];
  try {
    entries = await zipEntries(bytesSource(content), content.length);
  } catch {
    throw refused('The file is not a Word document (.docx).');
  }
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressed, 0);
  if (entries.length > WORD_MAX_PARTS || declared > WORD_UNPACKED_MAX_BYTES) throw refused('The document unpacks to more than 100 MB.');
  if (entries.some((entry) => entry.encrypted)) throw refused('The document is password protected.');
  const parts = new Map<string, string>();
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    let data: Buffer;
    try {
      data = await inflateEntry(content, entry, WORD_UNPACKED_MAX_BYTES);
    } catch (error) {
      if (error instanceof UnreadableFile && error.reason === 'zip_bomb') throw refused('The document unpacks to more than it declares.');
      throw refused('The file is not a Word document (.docx).');
    }
    if (entry.name === '[Content_Types].xml' || entry.name === 'word/document.xml') parts.set(entry.name, data.toString('utf8'));
  }
  const types = parts.get('[Content_Types].xml') ?? '';
  if (!types.includes('wordprocessingml.document.main+xml') || !(parts.get('word/document.xml') ?? '').includes('<w:body')
    || /macroEnabled/i.test(types) || entries.some((entry) => /vbaproject[^/]*\.bin$/i.test(entry.name))) {
    throw refused('The file is not a Word document (.docx); documents with macros are not accepted.');
  }
}

const bodyOf = (xml: string) => {
  const start = xml.indexOf('>', xml.indexOf('<w:body')) + 1;
  const end = xml.lastIndexOf('</w:body>');
  return { start, end, inner: xml.slice(start, end) };
};

/** Where `<name` starts a tag of that name (not of a longer one, such as `<w:sectPrChange`). */
const opensTag = (xml: string, at: number, name: string) => /[\s/>]/.test(xml[at + name.length + 1] ?? '');

/**
 * Where the body's own last section properties start (`inner.length` when it has none): the `<w:sectPr>` whose end
 * is the end of the body. Found in one pass over the tags, never by a pattern that backtracks: a tracked change holds
 * an older `<w:sectPr>` inside the last one, and hostile text holds thousands of unclosed ones.
 */
function finalSectionStart(inner: string): number {
  const end = inner.trimEnd().length;
  const stack: number[] = [];
  let last = -1;
  for (let at = inner.indexOf('<'); at >= 0 && at < end;) {
    const close = inner.indexOf('>', at);
    if (close < 0) break;
    if (inner.startsWith('<w:sectPr', at) && opensTag(inner, at, 'w:sectPr')) {
      if (inner[close - 1] === '/') { if (stack.length === 0 && close + 1 === end) last = at; } else stack.push(at);
    } else if (inner.startsWith('</w:sectPr>', at)) {
      const opened = stack.pop();
      if (opened !== undefined && stack.length === 0 && close + 1 === end) last = opened;
    }
    at = inner.indexOf('<', close + 1);
  }
  return last >= 0 ? last : inner.length;
}

/** The body's content without its last section properties, which belong to the document it came from. */
const withoutFinalSection = (inner: string) => inner.slice(0, finalSectionStart(inner));

/** Every element `<name …/>` or `<name …>` (its opening tag only) of a part, found in one pass. */
function tagsOf(xml: string, name: string): string[] {
  const tags: string[] = [];
  for (let at = xml.indexOf(`<${name}`); at >= 0;) {
    const close = xml.indexOf('>', at);
    if (close < 0) break;
    if (opensTag(xml, at, name)) tags.push(xml.slice(at, close + 1));
    at = xml.indexOf(`<${name}`, close + 1);
  }
  return tags;
}

/** Every whole element `<name …>…</name>` of a part, found in one pass (they do not nest). */
function elementsOf(xml: string, name: string): string[] {
  const elements: string[] = [];
  for (let at = xml.indexOf(`<${name}`); at >= 0;) {
    const close = xml.indexOf(`</${name}>`, at);
    if (close < 0) break;
    const end = close + name.length + 3;
    if (opensTag(xml, at, name)) elements.push(xml.slice(at, end));
    at = xml.indexOf(`<${name}`, end);
  }
  return elements;
}

const attribute = (element: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
const referencePattern = /(r:(?:id|embed|link|pict)=")([^"]*)"/g;

/**
 * Appends `next` to `base` on a new page: its body, the parts it refers to (pictures, embedded objects, hyperlinks,
 * under new names and relationship ids) and the styles the base lacks. Headers and footers stay the base's. Every
 * step is one pass over the text: the ids and names come from the uploaded document and are compared, never put
 * into a pattern.
 */
function appendDocument(base: PizZip, next: PizZip, index: number): void {
  const baseXml = base.file('word/document.xml')!.asText();
  let nextInner = withoutFinalSection(bodyOf(next.file('word/document.xml')!.asText()).inner);

  const baseRelsPath = 'word/_rels/document.xml.rels';
  let baseRels = base.file(baseRelsPath)?.asText() ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  const nextRels = next.file(baseRelsPath)?.asText() ?? '';
  let types = base.file('[Content_Types].xml')!.asText();
  const nextTypes = next.file('[Content_Types].xml')!.asText();
  const referenced = new Set([...nextInner.matchAll(referencePattern)].map((match) => match[2]));
  const defaults = tagsOf(nextTypes, 'Default');
  const overrides = tagsOf(nextTypes, 'Override');
  const knownExtensions = new Set(tagsOf(types, 'Default').map((tag) => attribute(tag, 'Extension')?.toLowerCase()));
  const renamed = new Map<string, string>();
  const added: string[] = [];
  for (const relationship of tagsOf(nextRels, 'Relationship')) {
    const id = attribute(relationship, 'Id');
    const target = attribute(relationship, 'Target');
    if (!id || !target || !referenced.has(id) || renamed.has(id)) continue;
    const newId = `rIdMerged${index}x${id}`;
    let newTarget = target;
    if (attribute(relationship, 'TargetMode') !== 'External') {
      const partPath = `word/${target.replace(/^\.?\//, '')}`;
      const part = next.file(partPath);
      if (!part) continue;
      newTarget = target.replace(/([^/]+)$/, `merged${index}-$1`);
      base.file(`word/${newTarget.replace(/^\.?\//, '')}`, part.asUint8Array());
      const extension = partPath.split('.').pop()!.toLowerCase();
      const defaultType = defaults.find((tag) => attribute(tag, 'Extension')?.toLowerCase() === extension);
      if (defaultType && !knownExtensions.has(extension)) {
        types = types.replace('</Types>', `${defaultType}</Types>`);
        knownExtensions.add(extension);
      }
      const override = overrides.find((tag) => attribute(tag, 'PartName') === `/${partPath}`);
      if (override) types = types.replace('</Types>', `${override.replace(`/${partPath}`, `/word/${newTarget.replace(/^\.?\//, '')}`)}</Types>`);
    }
    renamed.set(id, newId);
    added.push(relationship.replace(`Id="${id}"`, `Id="${newId}"`).replace(`Target="${target}"`, `Target="${newTarget}"`));
  }
  nextInner = nextInner.replace(referencePattern, (whole, prefix: string, id: string) => (renamed.has(id) ? `${prefix}${renamed.get(id)}"` : whole));
  if (added.length > 0) baseRels = baseRels.replace('</Relationships>', `${added.join('')}</Relationships>`);

  // Styles the appended text names and the base does not define come along, so it keeps its look.
  const baseStyles = base.file('word/styles.xml')?.asText();
  const nextStyles = next.file('word/styles.xml')?.asText();
  if (baseStyles && nextStyles) {
    const known = new Set([...baseStyles.matchAll(/w:styleId="([^"]+)"/g)].map((match) => match[1]));
    const missing = elementsOf(nextStyles, 'w:style').filter((style) => !known.has(attribute(style, 'w:styleId')));
    if (missing.length > 0) base.file('word/styles.xml', baseStyles.replace('</w:styles>', `${missing.join('')}</w:styles>`));
  }

  const { inner: baseInner, start, end } = bodyOf(baseXml);
  const sectionStart = finalSectionStart(baseInner);
  const finalSection = baseInner.slice(sectionStart);
  const baseContent = baseInner.slice(0, sectionStart);
  const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  base.file('word/document.xml', `${baseXml.slice(0, start)}${baseContent}${pageBreak}${nextInner}${finalSection}${baseXml.slice(end)}`);
  base.file(baseRelsPath, baseRels);
  base.file('[Content_Types].xml', types);
}

/** Several Word documents in one, in the order given, each from a new page; the first gives the page setup. */
export async function mergeWordDocuments(documents: Buffer[]): Promise<Buffer> {
  const [first, ...rest] = documents;
  if (!first) throw new AppError('validation_error', 'Nothing to merge.');
  // PizZip inflates on the server's thread: each document is checked first, a kept one too (kept before this check).
  for (const document of documents) await checkWordDocument(document);
  const base = new PizZip(first);
  rest.forEach((document, index) => appendDocument(base, new PizZip(document), index + 1));
  return base.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const uploadColumns = `id, file_name AS file, size, to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS uploaded_at`;

/** Keeps a checked Word document for the company's dossiers; every one sent counts against its sender's day of uploads. */
export async function saveWordUpload(run: Run, upload: { companyId: string; userId: string; fileName: string; content: Buffer; quota: UploadQuota }): Promise<WordUpload> {
  await countUpload(run, { userId: upload.userId, kind: 'word', size: upload.content.length, quota: upload.quota });
  await checkWordDocument(upload.content);
  const fileName = upload.fileName.replace(/[\\/]/g, '_').slice(0, 200) || 'document.docx';
  const [saved] = await run<WordUpload>(
    `INSERT INTO origin_uploads (company_id, uploaded_by, file_name, size, content) VALUES ($1, $2, $3, $4, $5) RETURNING ${uploadColumns}`,
    [upload.companyId, upload.userId, fileName, upload.content.length, upload.content]);
  return saved!;
}

/** The company's uploaded Word documents, newest first. */
export function listWordUploads(run: Run, companyId: string): Promise<WordUpload[]> {
  return run<WordUpload>(`SELECT ${uploadColumns} FROM origin_uploads WHERE company_id = $1 ORDER BY uploaded_at DESC, id DESC LIMIT 500`, [companyId]);
}

export async function deleteWordUpload(run: Run, companyId: string, id: number): Promise<void> {
  const removed = await run('DELETE FROM origin_uploads WHERE id = $1 AND company_id = $2 RETURNING id', [id, companyId]);
  if (removed.length === 0) throw new AppError('not_found', 'No such uploaded document.');
}

/** The contents of the company's uploaded documents by id; one of another company, or none, is not found. */
export async function loadWordUploads(run: Run, companyId: string, ids: number[]): Promise<Map<number, Buffer>> {
  const rows = await run<{ id: number; content: Uint8Array }>('SELECT id, content FROM origin_uploads WHERE company_id = $1 AND id = ANY($2::int[])', [companyId, ids]);
  const found = new Map(rows.map((row) => [row.id, Buffer.from(row.content)]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError('not_found', `No uploaded document ${missing.join(', ')} of this company.`);
  return found;
}
