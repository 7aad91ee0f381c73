import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import type { WorkbookOutline } from '../spreadsheets/read-sheet.js';
import { outlineInChild } from './reader.js';
import { type SheetFormat, type SheetLimits, sniffFormat } from '../spreadsheets/sniff.js';
import { tooManyRows, UnreadableFile } from '../spreadsheets/unreadable.js';
import { withoutControlCharacters } from '../http/downloads.js';

/** Rows of each sheet read at upload, for the preview and the header without reading the file again. */
export const outlineRows = 200;
const keepHours = 24;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
const uploadPath = (dataDir: string, id: string) => path.join(uploadsDir(dataDir), id);

export interface Upload {
  id: string;
  /** Who uploaded it: the only one who may use it, and whose turn its readers take. */
  userId: string;
  fileName: string;
  size: number;
  format: SheetFormat;
  sha256: string;
  outline: WorkbookOutline;
  path: string;
}

export const unreadable = (error: UnreadableFile) =>
  new AppError('unprocessable_file', error.message, { extra: { reason: error.reason, ...(error.limit !== undefined ? { limit: error.limit } : {}) } });

/** Where uploads are kept (config UPLOAD_STORE): this machine's disk, or the database too, for every server and worker. */
export type UploadStore = 'disk' | 'database';

const chunkBytes = 1024 * 1024;

/** Copies a saved upload into the database a megabyte at a time, so that any server or worker can read it. */
async function storeChunks(run: Run, id: string, filePath: string): Promise<void> {
  const handle = await fs.open(filePath);
  try {
    for (let seq = 0; ; seq++) {
      const buffer = Buffer.alloc(chunkBytes);
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, seq * chunkBytes);
      if (bytesRead === 0) return;
      await run('INSERT INTO upload_chunks (upload_id, seq, data) VALUES ($1, $2, $3)', [id, seq, buffer.subarray(0, bytesRead)]);
    }
  } finally {
    await handle.close();
  }
}

/**
 * The upload's file on this machine. One another server received is written here from its chunks in the
 * database first (through a temporary name, so a reader never sees half a file); false when it is in
 * neither place.
 */
async function fileOnThisMachine(run: Run, dataDir: string, id: string): Promise<boolean> {
  const filePath = uploadPath(dataDir, id);
  if (await fs.access(filePath).then(() => true, () => false)) return true;
  const [first] = await run<{ count: number }>('SELECT count(*)::int AS count FROM upload_chunks WHERE upload_id = $1', [id]);
  if (!first?.count) return false;
  await fs.mkdir(uploadsDir(dataDir), { recursive: true });
  const partial = `${filePath}.${crypto.randomUUID()}.part`;
  const handle = await fs.open(partial, 'w');
  try {
    for (let seq = 0; seq < first.count; seq++) {
      const [chunk] = await run<{ data: Uint8Array }>('SELECT data FROM upload_chunks WHERE upload_id = $1 AND seq = $2', [id, seq]);
      if (!chunk) throw new Error(`upload ${id} misses its part ${seq}`);
      await handle.write(chunk.data);
    }
  } finally {
    await handle.close();
  }
  await fs.rename(partial, filePath);
  return true;
}

/** Files and bytes one user may upload in a day (UPLOAD_DAILY_FILES, UPLOAD_DAILY_MB); every kept upload counts. */
export interface UploadQuota {
  files: number;
  bytes: number;
}

const quotaSpent = (error: { files: number; bytes: number }) =>
  new AppError('upload_quota', `You have uploaded as much as a day allows (${error.files} files or ${Math.round(error.bytes / (1024 * 1024))} MB); try again later.`,
    { extra: { files: error.files, megabytes: Math.round(error.bytes / (1024 * 1024)) } });

/**
 * What the user uploaded over the last day, this upload's row included once it is written: import uploads and every
 * other file counted (Word documents, layout templates, pictures).
 */
async function spentToday(run: Run, userId: string): Promise<{ files: number; bytes: number }> {
  const [spent] = await run<{ files: number; bytes: string | number }>(
    `SELECT sum(files)::int AS files, sum(bytes) AS bytes FROM (
       SELECT count(*) AS files, coalesce(sum(size), 0) AS bytes FROM uploads
        WHERE user_id = $1 AND created_at > now() - make_interval(hours => ${keepHours})
       UNION ALL
       SELECT count(*), coalesce(sum(size), 0) FROM upload_counts
        WHERE user_id = $1 AND created_at > now() - make_interval(hours => ${keepHours})) spent`, [userId]);
  return { files: spent?.files ?? 0, bytes: Number(spent?.bytes ?? 0) };
}

/** Files other than import uploads that count against the day's quota. */
export type CountedUpload = 'word' | 'template' | 'picture';

/**
 * Counts a received file (of any outcome: reading a refused one cost as much) against its sender's day of uploads,
 * refusing it with 429 `upload_quota` past either limit. Checked again once its row is written, so that parallel
 * uploads cannot slip past together; a refused file is not counted.
 */
export async function countUpload(run: Run, options: { userId: string; kind: CountedUpload; size: number; quota: UploadQuota }): Promise<void> {
  const { quota } = options;
  const before = await spentToday(run, options.userId);
  if (before.files >= quota.files || before.bytes >= quota.bytes) throw quotaSpent(quota);
  const [row] = await run<{ id: number }>('INSERT INTO upload_counts (user_id, kind, size) VALUES ($1, $2, $3) RETURNING id', [options.userId, options.kind, options.size]);
  const after = await spentToday(run, options.userId);
  if (after.files > quota.files || after.bytes > quota.bytes) {
    await run('DELETE FROM upload_counts WHERE id = $1', [row!.id]);
    throw quotaSpent(quota);
  }
}

/**
 * Streams one uploaded file to disk (hashing it on the way, refusing it past the size limit), checks
 * what it really is, and reads its sheets' first rows in the reader process; with the database store,
 * its bytes go to the database too. A user past the day's quota is refused before the file is read,
 * and again after its row is written, which is what holds when several uploads arrive at once.
 */
export async function saveUpload(options: { run: Run; dataDir: string; store: UploadStore; maxBytes: number; limits: SheetLimits; quota?: UploadQuota; userId: string; file: MultipartFile }): Promise<Upload> {
  const { quota } = options;
  if (quota) {
    const before = await spentToday(options.run, options.userId);
    if (before.files >= quota.files || before.bytes >= quota.bytes) {
      // The rest of the request is drained unread, so the client gets the answer rather than a broken connection.
      options.file.file.resume();
      throw quotaSpent(quota);
    }
  }
  const id = crypto.randomUUID();
  const filePath = uploadPath(options.dataDir, id);
  await fs.mkdir(uploadsDir(options.dataDir), { recursive: true });
  const hash = crypto.createHash('sha256');
  let size = 0;
  try {
    await pipeline(options.file.file, new Transform({
      transform(chunk: Buffer, _encoding, callback) { hash.update(chunk); size += chunk.length; callback(null, chunk); },
    }), createWriteStream(filePath));
    if (options.file.file.truncated) throw new AppError('payload_too_large', 'The file is larger than allowed.');
    // A name is the client's text: control characters (a NUL cannot be stored) are dropped.
    const fileName = path.basename(withoutControlCharacters(options.file.filename) || 'upload').slice(0, 200);
    const format = await sniffFormat(filePath, fileName, options.maxBytes);
    const outline = await outlineInChild(filePath, format, outlineRows, { limits: options.limits, owner: options.userId });
    if (outline.sheets.length === 0) throw new UnreadableFile('not_a_spreadsheet', 'The workbook has no sheets.');
    const sha256 = hash.digest('hex');
    await options.run(
      'INSERT INTO uploads (id, user_id, file_name, size, format, sha256, outline) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [id, options.userId, fileName, size, format, sha256, JSON.stringify(outline)],
    );
    if (quota) {
      const after = await spentToday(options.run, options.userId);
      if (after.files > quota.files || after.bytes > quota.bytes) throw quotaSpent(quota);
    }
    if (options.store === 'database') await storeChunks(options.run, id, filePath);
    return { id, userId: options.userId, fileName, size, format, sha256, outline, path: filePath };
  } catch (error) {
    await fs.rm(filePath, { force: true });
    await options.run('DELETE FROM uploads WHERE id = $1', [id]).catch(() => undefined);
    if (error instanceof UnreadableFile) throw unreadable(error);
    throw error;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file this user uploaded and that is still kept; anyone else's is "not found". */
export async function findUpload(options: { run: Run; dataDir: string; userId: string; id: string }): Promise<Upload> {
  if (!uuidPattern.test(options.id)) throw new AppError('validation_error', 'Data has invalid format.', { fields: { upload_id: ['Not an upload id.'] } });
  const upload = await keptUpload(options);
  if (!upload) throw new AppError('not_found', 'Upload not found; upload the file again.');
  return upload;
}

/**
 * A kept upload by its id (of this user, when one is named), with its file on this machine; undefined when
 * it is gone. A job reads its import's upload this way on whichever server or worker runs it.
 */
export async function keptUpload(options: { run: Run; dataDir: string; userId?: string; id: string }): Promise<Upload | undefined> {
  // Thirty-six dashes are no uuid, and PostgreSQL would fail on them rather than find nothing.
  if (!uuidPattern.test(options.id)) return undefined;
  const [row] = await options.run<{ id: string; user_id: string; file_name: string; size: string | number; format: SheetFormat; sha256: string; outline: WorkbookOutline }>(
    `SELECT id, user_id, file_name, size, format, sha256, outline FROM uploads
      WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2) AND created_at > now() - make_interval(hours => ${keepHours})`,
    [options.id, options.userId ?? null],
  );
  if (!row || !(await fileOnThisMachine(options.run, options.dataDir, row.id))) return undefined;
  return { id: row.id, userId: row.user_id, fileName: row.file_name, size: Number(row.size), format: row.format, sha256: row.sha256, outline: row.outline, path: uploadPath(options.dataDir, row.id) };
}

/**
 * Refuses an import whose sheet holds more rows below its header than the row limit, by the last row
 * the upload's outline knows, before a job is queued that would read them all first.
 */
export function checkDeclaredRows(upload: Upload, sheetName: string, headerTo: number, limits: SheetLimits): void {
  const lastRow = upload.outline.sheets.find((sheet) => sheet.name === sheetName)?.lastRow;
  if (typeof lastRow === 'number' && lastRow - headerTo > limits.rows) throw unreadable(tooManyRows(limits.rows));
}

/** Removes uploads older than a day, files and rows. */
export async function purgeUploads(options: { run: Run; dataDir: string }): Promise<void> {
  const gone = await options.run<{ id: string }>(`DELETE FROM uploads WHERE created_at < now() - make_interval(hours => ${keepHours}) RETURNING id`);
  await options.run(`DELETE FROM upload_counts WHERE created_at < now() - make_interval(hours => ${keepHours})`);
  await Promise.all(gone.map((row) => fs.rm(uploadPath(options.dataDir, row.id), { force: true })));
}

/**
 * A text field of a multipart form. The input guard sees JSON bodies and queries, not multipart parts: a NUL
 * character, which no text column holds, is refused here as a field error.
 */
export function formFieldText(fieldname: string, value: unknown): string {
  const text = String(value);
  if (text.includes('\u0000') || fieldname.includes('\u0000')) {
    throw new AppError('validation_error', 'Data has invalid format.', { fields: { [fieldname.replaceAll('\u0000', '')]: ['NUL characters are not allowed.'] } });
  }
  return text;
}

/**
 * A multipart form of the import calls: its text fields, and its `excel_file` saved as an upload.
 * Files other than `excel_file` are refused.
 */
export async function readImportForm(request: FastifyRequest, options: { run: Run; dataDir: string; store: UploadStore; maxBytes: number; limits: SheetLimits; quota?: UploadQuota; userId: string }): Promise<{ fields: Record<string, string>; upload?: Upload }> {
  const fields: Record<string, string> = {};
  let upload: Upload | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'excel_file' || upload) throw new AppError('validation_error', `Unexpected file field ${part.fieldname}.`);
      upload = await saveUpload({ ...options, file: part });
    } else {
      fields[part.fieldname] = formFieldText(part.fieldname, part.value);
    }
  }
  return upload ? { fields, upload } : { fields };
}
