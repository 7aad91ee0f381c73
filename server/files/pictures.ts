import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { countUpload, formFieldText, type UploadQuota } from '../imports/uploads.js';

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Recognised by content, not by name: a renamed file is refused. */
const pictureTypes = [
  { extension: 'png', mime: 'image/png', matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { extension: 'jpg', mime: 'image/jpeg', matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { extension: 'webp', mime: 'image/webp', matches: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export const mediaDir = (dataDir: string) => path.join(dataDir, 'media');

const addressPrefix = 'api/media/';

/** The file of a picture's address, when it is one this server stored. */
const fileOfAddress = (dataDir: string, address: string | null | undefined) => {
  const name = address?.startsWith(addressPrefix) ? address.slice(addressPrefix.length) : '';
  return /^[0-9a-f]{32}\.(png|jpg|webp)$/.test(name) ? path.join(mediaDir(dataDir), name) : undefined;
};

/**
 * Keeps a new picture in place of `previous`: checked by content and counted against the sender's day of uploads
 * before anything is written, stored under an unguessable name, and handed to `save` (which writes its address where
 * it belongs). A picture `save` refuses is removed again, and a replaced one is removed: neither stays on the disk.
 */
export async function replacePicture(options: {
  run: Run; dataDir: string; userId: string; quota: UploadQuota; content: Buffer; previous: string | null | undefined; save: (address: string) => Promise<unknown>;
}): Promise<string> {
  const type = pictureTypes.find((candidate) => candidate.matches(options.content));
  if (!type) throw new AppError('unsupported_media_type', 'The picture must be a PNG, JPEG or WebP image.', { fields: { profile_picture: ['The picture must be a PNG, JPEG or WebP image.'] } });
  await countUpload(options.run, { userId: options.userId, kind: 'picture', size: options.content.length, quota: options.quota });
  const name = `${crypto.randomBytes(16).toString('hex')}.${type.extension}`;
  const address = `${addressPrefix}${name}`;
  await fs.mkdir(mediaDir(options.dataDir), { recursive: true });
  await fs.writeFile(path.join(mediaDir(options.dataDir), name), options.content);
  try {
    await options.save(address);
  } catch (error) {
    await fs.rm(path.join(mediaDir(options.dataDir), name), { force: true });
    throw error;
  }
  const previous = fileOfAddress(options.dataDir, options.previous);
  if (previous) await fs.rm(previous, { force: true });
  return address;
}

/** Removes a stored picture (its owner is gone, or it was taken off). */
export async function removePicture(dataDir: string, address: string | null | undefined): Promise<void> {
  const file = fileOfAddress(dataDir, address);
  if (file) await fs.rm(file, { force: true });
}

export function mimeOfMediaName(name: string): string | undefined {
  return pictureTypes.find((type) => name.endsWith(`.${type.extension}`))?.mime;
}

/** Text fields and at most one picture from a multipart form; the picture is size-bounded. */
export async function readPictureForm(request: FastifyRequest, fileField: string): Promise<{ fields: Record<string, string>; picture?: Buffer }> {
  const fields: Record<string, string> = {};
  let picture: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      if (file.fieldname !== fileField) throw new AppError('validation_error', `Unexpected file field ${file.fieldname}.`);
      picture = await file.toBuffer();
    } else {
      fields[part.fieldname] = formFieldText(part.fieldname, part.value);
    }
  }
  return picture ? { fields, picture } : { fields };
}
