import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, compressed once at their
 * best, so the server sends them as they are to browsers that accept them (no compression per request).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dutybook-precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && compressible.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(async (file) => {
        const content = await fs.readFile(file);
        if (content.length < 1024) return;
        await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await fs.writeFile(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }));
    },
  };
}
