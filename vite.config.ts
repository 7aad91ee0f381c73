import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogParts } from './web/catalog-parts.js';
import { precompress } from './web/precompress.js';

// Relative asset URLs plus the <base> the server writes into index.html let one build run under any BASE_PATH.
export default defineConfig({
  root: 'web',
  base: './',
  plugins: [react(), catalogParts(), precompress()],
  resolve: {
    dedupe: ['intl-messageformat', '@formatjs/icu-messageformat-parser', '@formatjs/icu-skeleton-parser'],
    // The catalogs arrive parsed (web/catalog-parts.ts): the app needs the message syntax's types, not its parser.
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
});
