import type { ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { UnreadableFile } from './unreadable.js';

/** One file of a ZIP archive as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** Declared sizes; the reader holds an entry to its declared size. */
  uncompressed: number;
  compressed: number;
  /** 0 stored, 8 deflated. */
  method: number;
  encrypted: boolean;
  localHeaderOffset: number;
}

/** What the central directory is read from: an open file, or bytes already in memory. */
export interface ByteSource {
  read: (buffer: Buffer, offset: number, length: number, position: number) => Promise<unknown>;
}

/** Bytes in memory read as a file is. */
export const bytesSource = (content: Buffer): ByteSource => ({
  read: async (buffer, offset, length, position) => { content.copy(buffer, offset, position, position + length); },
});

/**
 * The entries of a ZIP archive from its central directory, read without inflating anything: their
 * names, declared sizes, compression and whether they are encrypted. ZIP64 archives are refused (a
 * workbook within the upload limit never needs one).
 */
export async function zipEntries(file: ByteSource, size: number): Promise<ZipEntry[]> {
  const tailLength = Math.min(size, 65_535 + 22);
  const tail = Buffer.alloc(tailLength);
  await file.read(tail, 0, tailLength, size - tailLength);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) throw new UnreadableFile('corrupt', 'The workbook is damaged: its table of contents is missing.');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset === 0xffffffff || directoryOffset + directorySize > size || directorySize > 64 * 1024 * 1024) {
    throw new UnreadableFile('corrupt', 'The workbook is damaged or uses an unsupported archive format.');
  }
  const directory = Buffer.alloc(directorySize);
  await file.read(directory, 0, directorySize, directoryOffset);
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== 0x02014b50) throw new UnreadableFile('corrupt', 'The workbook is damaged.');
    const nameLength = directory.readUInt16LE(offset + 28);
    entries.push({
      name: directory.toString('utf8', offset + 46, offset + 46 + nameLength),
      uncompressed: directory.readUInt32LE(offset + 24),
      compressed: directory.readUInt32LE(offset + 20),
      method: directory.readUInt16LE(offset + 10),
      encrypted: (directory.readUInt16LE(offset + 8) & 1) === 1,
      localHeaderOffset: directory.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + directory.readUInt16LE(offset + 30) + directory.readUInt16LE(offset + 32);
  }
  return entries;
}

const tooBig = () => new UnreadableFile('zip_bomb', 'The workbook expands to more data than it declares.');

/** An archive opened by its central directory: any entry is read or streamed without touching the others. */
export interface ZipArchive {
  entries: ZipEntry[];
  read: (entry: ZipEntry) => Promise<Buffer>;
  stream: (entry: ZipEntry) => AsyncIterable<Buffer>;
}

export async function openZip(filePath: string): Promise<ZipArchive> {
  const file = await fs.open(filePath, 'r');
  let entries: ZipEntry[];
  try {
    entries = await zipEntries(file, (await file.stat()).size);
  } finally {
    await file.close();
  }

  /** Where an entry's bytes start: after its local header, whose name and extra field may differ from the directory's. */
  async function dataStart(handle: fs.FileHandle, entry: ZipEntry): Promise<number> {
    const header = Buffer.alloc(30);
    await handle.read(header, 0, 30, entry.localHeaderOffset);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new UnreadableFile('corrupt', 'The workbook is damaged.');
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }

  const check = (entry: ZipEntry) => {
    if (entry.method !== 0 && entry.method !== 8) throw new UnreadableFile('corrupt', 'The workbook uses an unsupported compression.');
  };

  return {
    entries,
    read: async (entry) => {
      check(entry);
      if (entry.compressed === 0) return Buffer.alloc(0);
      const handle = await fs.open(filePath, 'r');
      try {
        const data = Buffer.alloc(entry.compressed);
        await handle.read(data, 0, entry.compressed, await dataStart(handle, entry));
        if (entry.method === 0) return data;
        try {
          return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressed) });
        } catch (error) {
          throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooBig() : new UnreadableFile('corrupt', 'The workbook is damaged.');
        }
      } finally {
        await handle.close();
      }
    },
    stream: async function* (entry) {
      check(entry);
      if (entry.compressed === 0) return;
      const handle = await fs.open(filePath, 'r');
      let raw: ReadStream;
      try {
        const start = await dataStart(handle, entry);
        // The stream takes the open file over and closes it when it ends or is destroyed.
        raw = handle.createReadStream({ start, end: start + Math.max(0, entry.compressed - 1), highWaterMark: 256 * 1024 });
      } catch (error) {
        await handle.close();
        throw error;
      }
      const source = entry.method === 0 ? raw : raw.pipe(zlib.createInflateRaw({ chunkSize: 256 * 1024 }));
      raw.on('error', (error) => source.destroy(error));
      let total = 0;
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          total += chunk.length;
          if (total > entry.uncompressed) throw tooBig();
          yield chunk;
        }
      } catch (error) {
        throw error instanceof UnreadableFile ? error : new UnreadableFile('corrupt', 'The workbook is damaged.');
      } finally {
        raw.destroy();
        source.destroy();
      }
    },
  };
}

const inflateRaw = (data: Buffer, maxOutputLength: number) => new Promise<Buffer>((resolve, reject) => {
  zlib.inflateRaw(data, { maxOutputLength }, (error, result) => (error ? reject(error) : resolve(result)));
});

/**
 * One entry of an archive held in memory, inflated on the thread pool and stopped as soon as its output passes
 * `limit` bytes or what the entry declares, whichever is smaller: a size the directory lies about costs no more
 * than the bound, never the gigabytes the data would really expand to.
 */
export async function inflateEntry(content: Buffer, entry: ZipEntry, limit: number): Promise<Buffer> {
  if (entry.method !== 0 && entry.method !== 8) throw new UnreadableFile('corrupt', 'The archive uses an unsupported compression.');
  if (entry.uncompressed > limit) throw tooBig();
  if (entry.localHeaderOffset + 30 > content.length || content.readUInt32LE(entry.localHeaderOffset) !== 0x04034b50) throw new UnreadableFile('corrupt', 'The archive is damaged.');
  const start = entry.localHeaderOffset + 30 + content.readUInt16LE(entry.localHeaderOffset + 26) + content.readUInt16LE(entry.localHeaderOffset + 28);
  if (start + entry.compressed > content.length) throw new UnreadableFile('corrupt', 'The archive is damaged.');
  const data = content.subarray(start, start + entry.compressed);
  if (entry.method === 0) {
    if (data.length > entry.uncompressed) throw tooBig();
    return data;
  }
  if (entry.compressed === 0) return Buffer.alloc(0);
  try {
    return await inflateRaw(data, Math.max(1, entry.uncompressed));
  } catch (error) {
    throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooBig() : new UnreadableFile('corrupt', 'The archive is damaged.');
  }
}
