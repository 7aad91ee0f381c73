import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Locale } from '../../common/i18n/locales.js';
import { foldChar } from '../../common/text/fold.js';
import { catalogTexts } from '../i18n.js';

/** Text a client named (a file, a sheet) without control characters, which no header or text column holds. */
export const withoutControlCharacters = (text: string): string =>
  [...text].filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f).join('');

/**
 * A Content-Disposition for a file name built from user data (a declaration number with `ố`, a quote, a
 * semicolon, a slash): an ASCII `filename` for old clients, without quotes, backslashes or control characters, and the
 * exact name as `filename*` (RFC 6266, RFC 5987), which every current browser prefers.
 */
export function contentDisposition(fileName: string): string {
  // Characters no file name may hold are replaced, not cut at: `Mẫu C/O.xlsx` stays whole as `Mẫu C_O.xlsx`. Leading
  // dots go, so no name is hidden or climbs out of a folder.
  const base = withoutControlCharacters(fileName).replace(/^(?:\.{1,2}[\\/]+)+/, '').replace(/[\\/:*?<>|]/g, '_').replace(/^[.\s]+/, '');
  const ascii = [...base].map((char) => (foldChar(char) === char.toLowerCase() ? char : foldChar(char))).join('')
    .replace(/[^\x20-\x7e]/g, '').replace(/["\\;%]/g, '').trim() || 'download';
  const encoded = encodeURIComponent(base || 'download').replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A download's name in the reader's language: the title the screens give the report or table (a catalog key),
 * then what tells two such files apart (the folder set, a record). Characters a file system refuses (`C/O`'s
 * slash would cut the name at it) become hyphens.
 */
export function downloadName(locale: Locale, titleKey: string, details: ReadonlyArray<string | number>, extension: string): string {
  const title = catalogTexts[locale][titleKey] ?? catalogTexts.en[titleKey] ?? titleKey;
  const name = [title, ...details.map(String)].filter((part) => part !== '').join(' - ')
    .replace(/[\\/:*?"<>|]/g, '-').replace(/\s+/g, ' ').trim();
  return `${name}.${extension}`;
}

/** Every download the API answers: its media type and the name the browser saves it under. */
export function sendDownload(reply: FastifyReply, body: Buffer | Readable, options: { type: string; fileName: string }) {
  return reply.type(options.type).header('Content-Disposition', contentDisposition(options.fileName)).send(body);
}

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
