import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The embed library is bundled from its source, so the web build does not wait for its dist.
  resolve: { alias: { '@portal/embed': fileURLToPath(new URL('../../packages/embed/src/index.ts', import.meta.url)) } },
  base: '/',
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080', '/keeper': 'http://localhost:8080' } },
});
