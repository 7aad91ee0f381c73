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
import type { WorkbookOutline } from './read-sheet.js';
import { outlineInChild } from './reader.js';
import { type SheetFormat, type SheetLimits, sniffFormat, UnreadableFile } from './sniff.js';

/** Rows of each sheet read at upload, for the preview and the header without reading the file again. */
export const outlineRows = 200;
const keepHours = 24;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
const uploadPath = (dataDir: string, id: string) => path.join(uploadsDir(dataDir), id);

export interface Upload {
  id: string;
  fileName: string;
  size: number;
  format: SheetFormat;
  sha256: string;
  outline: WorkbookOutline;
  path: string;
}

export const unreadable = (error: UnreadableFile) =>
  new AppError('unprocessable_file', error.message, { extra: { reason: error.reason, ...(error.limit !== undefined ? { limit: error.limit } : {}) } });

/**
 * Streams one uploaded file to disk (hashing it on the way, refusing it past the size limit), checks
 * what it really is, and reads its sheets' first rows in the reader process.
 */
export async function saveUpload(options: { run: Run; dataDir: string; maxBytes: number; limits: SheetLimits; userId: string; file: MultipartFile }): Promise<Upload> {
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
    const fileName = path.basename(options.file.filename || 'upload').slice(0, 200);
    const format = await sniffFormat(filePath, fileName, options.maxBytes);
    const outline = await outlineInChild(filePath, format, outlineRows, options.limits);
    if (outline.sheets.length === 0) throw new UnreadableFile('not_a_spreadsheet', 'The workbook has no sheets.');
    const sha256 = hash.digest('hex');
    await options.run(
      'INSERT INTO uploads (id, user_id, file_name, size, format, sha256, outline) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [id, options.userId, fileName, size, format, sha256, JSON.stringify(outline)],
    );
    return { id, fileName, size, format, sha256, outline, path: filePath };
  } catch (error) {
    await fs.rm(filePath, { force: true });
    if (error instanceof UnreadableFile) throw unreadable(error);
    throw error;
  }
}

/** A file this user uploaded and that is still kept; anyone else's is "not found". */
export async function findUpload(options: { run: Run; dataDir: string; userId: string; id: string }): Promise<Upload> {
  if (!/^[0-9a-f-]{36}$/.test(options.id)) throw new AppError('not_found', 'Upload not found.');
  const [row] = await options.run<{ id: string; file_name: string; size: string | number; format: SheetFormat; sha256: string; outline: WorkbookOutline }>(
    `SELECT id, file_name, size, format, sha256, outline FROM uploads
      WHERE id = $1 AND user_id = $2 AND created_at > now() - make_interval(hours => ${keepHours})`,
    [options.id, options.userId],
  );
  if (!row) throw new AppError('not_found', 'Upload not found; upload the file again.');
  return { id: row.id, fileName: row.file_name, size: Number(row.size), format: row.format, sha256: row.sha256, outline: row.outline, path: uploadPath(options.dataDir, row.id) };
}

/** Removes uploads older than a day, files and rows. */
export async function purgeUploads(options: { run: Run; dataDir: string }): Promise<void> {
  const gone = await options.run<{ id: string }>(`DELETE FROM uploads WHERE created_at < now() - make_interval(hours => ${keepHours}) RETURNING id`);
  await Promise.all(gone.map((row) => fs.rm(uploadPath(options.dataDir, row.id), { force: true })));
}

/**
 * A multipart form of the import calls: its text fields, and its `excel_file` saved as an upload.
 * Files other than `excel_file` are refused.
 */
export async function readImportForm(request: FastifyRequest, options: { run: Run; dataDir: string; maxBytes: number; limits: SheetLimits; userId: string }): Promise<{ fields: Record<string, string>; upload?: Upload }> {
  const fields: Record<string, string> = {};
  let upload: Upload | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'excel_file' || upload) throw new AppError('validation_error', `Unexpected file field ${part.fieldname}.`);
      upload = await saveUpload({ ...options, file: part });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return upload ? { fields, upload } : { fields };
}
