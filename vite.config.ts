import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './web/precompress.js';

// Relative asset URLs plus the <base> the server writes into index.html let one build run under any BASE_PATH.
export default defineConfig({
  root: 'web',
  base: './',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
});
