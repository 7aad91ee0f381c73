import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Recognised by content, not by name: a renamed file is refused. */
const pictureTypes = [
  { extension: 'png', mime: 'image/png', matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { extension: 'jpg', mime: 'image/jpeg', matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { extension: 'webp', mime: 'image/webp', matches: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export const mediaDir = (dataDir: string) => path.join(dataDir, 'media');

/** Stores a picture under an unguessable name and answers its address relative to the app's base. */
export async function savePicture(dataDir: string, content: Buffer): Promise<string> {
  const type = pictureTypes.find((candidate) => candidate.matches(content));
  if (!type) throw new AppError('unsupported_media_type', 'The picture must be a PNG, JPEG or WebP image.', { fields: { profile_picture: ['The picture must be a PNG, JPEG or WebP image.'] } });
  const name = `${crypto.randomBytes(16).toString('hex')}.${type.extension}`;
  await fs.mkdir(mediaDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(mediaDir(dataDir), name), content);
  return `api/media/${name}`;
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
      fields[part.fieldname] = String(part.value);
    }
  }
  return picture ? { fields, picture } : { fields };
}
