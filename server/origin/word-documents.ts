import PizZip from 'pizzip';
import type { WordUpload } from '../../common/origin/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';

/**
 * Word documents a user adds to a dossier (a signed supplier declaration, a cover letter): checked to be what they
 * claim before they are kept, and merged with the schedules into one document, each on its own page.
 */

export const WORD_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Inflated, a document's parts may not exceed this: a small zip must not become gigabytes in memory. */
const WORD_UNPACKED_MAX_BYTES = 100 * 1024 * 1024;

const refused = (message: string) => new AppError('unsupported_media_type', message, { fields: { file: [message] } });

/** Refuses anything but a Word document (.docx, no macros) within the bounds; answers the opened archive. */
export function checkWordDocument(content: Buffer): PizZip {
  if (content.length > WORD_UPLOAD_MAX_BYTES) throw new AppError('payload_too_large', `A document may be ${WORD_UPLOAD_MAX_BYTES / 1024 / 1024} MB at most.`, { fields: { file: ['too_large'] } });
  // A .docx is a zip archive: it starts with a local file header.
  if (content.subarray(0, 4).toString('latin1') !== 'PK\x03\x04') throw refused('The file is not a Word document (.docx).');
  let zip: PizZip;
  try {
    zip = new PizZip(content);
  } catch {
    throw refused('The file is not a Word document (.docx).');
  }
  const unpacked = Object.values(zip.files).reduce((sum, file) => sum + ((file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0), 0);
  if (unpacked > WORD_UNPACKED_MAX_BYTES) throw refused('The document unpacks to more than 100 MB.');
  const types = zip.file('[Content_Types].xml')?.asText() ?? '';
  if (!types.includes('wordprocessingml.document.main+xml') || !zip.file('word/document.xml')?.asText().includes('<w:body')) {
    throw refused('The file is not a Word document (.docx); documents with macros are not accepted.');
  }
  return zip;
}

const bodyOf = (xml: string) => {
  const start = xml.indexOf('>', xml.indexOf('<w:body')) + 1;
  const end = xml.lastIndexOf('</w:body>');
  return { start, end, inner: xml.slice(start, end) };
};

/** The body's content without its last section properties, which belong to the document it came from. */
const withoutFinalSection = (inner: string) => inner.replace(/<w:sectPr\b[\s\S]*?<\/w:sectPr>\s*$|<w:sectPr\b[^>]*\/>\s*$/, '');

const relationshipPattern = /<Relationship\b[^>]*\/>/g;
const attribute = (element: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(element)?.[1];

/**
 * Appends `next` to `base` on a new page: its body, the parts it refers to (pictures, embedded objects, hyperlinks,
 * under new names and relationship ids) and the styles the base lacks. Headers and footers stay the base's.
 */
function appendDocument(base: PizZip, next: PizZip, index: number): void {
  const baseXml = base.file('word/document.xml')!.asText();
  let nextInner = withoutFinalSection(bodyOf(next.file('word/document.xml')!.asText()).inner);

  const baseRelsPath = 'word/_rels/document.xml.rels';
  let baseRels = base.file(baseRelsPath)?.asText() ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  const nextRels = next.file(baseRelsPath)?.asText() ?? '';
  let types = base.file('[Content_Types].xml')!.asText();
  const nextTypes = next.file('[Content_Types].xml')!.asText();
  const added: string[] = [];
  for (const relationship of nextRels.match(relationshipPattern) ?? []) {
    const id = attribute(relationship, 'Id');
    const target = attribute(relationship, 'Target');
    if (!id || !target || !new RegExp(`r:(?:id|embed|link|pict)="${id}"`).test(nextInner)) continue;
    const newId = `rIdMerged${index}x${id}`;
    let newTarget = target;
    if (attribute(relationship, 'TargetMode') !== 'External') {
      const partPath = `word/${target.replace(/^\.?\//, '')}`;
      const part = next.file(partPath);
      if (!part) continue;
      newTarget = target.replace(/([^/]+)$/, `merged${index}-$1`);
      base.file(`word/${newTarget.replace(/^\.?\//, '')}`, part.asUint8Array());
      const extension = partPath.split('.').pop()!.toLowerCase();
      const defaultType = new RegExp(`<Default\\b[^>]*Extension="${extension}"[^>]*/>`, 'i').exec(nextTypes)?.[0];
      if (defaultType && !new RegExp(`Extension="${extension}"`, 'i').test(types)) types = types.replace('</Types>', `${defaultType}</Types>`);
      const override = new RegExp(`<Override\\b[^>]*PartName="/${partPath}"[^>]*/>`).exec(nextTypes)?.[0];
      if (override) types = types.replace('</Types>', `${override.replace(`/${partPath}`, `/word/${newTarget.replace(/^\.?\//, '')}`)}</Types>`);
    }
    added.push(relationship.replace(`Id="${id}"`, `Id="${newId}"`).replace(`Target="${target}"`, `Target="${newTarget}"`));
    nextInner = nextInner.replace(new RegExp(`(r:(?:id|embed|link|pict)=")${id}"`, 'g'), `$1${newId}"`);
  }
  if (added.length > 0) baseRels = baseRels.replace('</Relationships>', `${added.join('')}</Relationships>`);

  // Styles the appended text names and the base does not define come along, so it keeps its look.
  const baseStyles = base.file('word/styles.xml')?.asText();
  const nextStyles = next.file('word/styles.xml')?.asText();
  if (baseStyles && nextStyles) {
    const known = new Set([...baseStyles.matchAll(/w:styleId="([^"]+)"/g)].map((match) => match[1]));
    const missing = (nextStyles.match(/<w:style\b[\s\S]*?<\/w:style>/g) ?? []).filter((style) => !known.has(attribute(style, 'w:styleId')));
    if (missing.length > 0) base.file('word/styles.xml', baseStyles.replace('</w:styles>', `${missing.join('')}</w:styles>`));
  }

  const { inner: baseInner } = bodyOf(baseXml);
  const finalSection = /<w:sectPr\b[\s\S]*<\/w:sectPr>\s*$|<w:sectPr\b[^>]*\/>\s*$/.exec(baseInner)?.[0] ?? '';
  const baseContent = baseInner.slice(0, baseInner.length - finalSection.length);
  const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  const { start, end } = bodyOf(baseXml);
  base.file('word/document.xml', `${baseXml.slice(0, start)}${baseContent}${pageBreak}${nextInner}${finalSection}${baseXml.slice(end)}`);
  base.file(baseRelsPath, baseRels);
  base.file('[Content_Types].xml', types);
}

/** Several Word documents in one, in the order given, each from a new page; the first gives the page setup. */
export function mergeWordDocuments(documents: Buffer[]): Buffer {
  const [first, ...rest] = documents;
  if (!first) throw new AppError('validation_error', 'Nothing to merge.');
  const base = new PizZip(first);
  rest.forEach((document, index) => appendDocument(base, new PizZip(document), index + 1));
  return base.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const uploadColumns = `id, file_name AS file, size, to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS uploaded_at`;

/** Keeps a checked Word document for the company's dossiers. */
export async function saveWordUpload(run: Run, upload: { companyId: string; userId: string; fileName: string; content: Buffer }): Promise<WordUpload> {
  checkWordDocument(upload.content);
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
