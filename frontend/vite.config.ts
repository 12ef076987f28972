import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

// The SPA reads the contracts from proto/ source, so both sides share one definition.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [{ find: /^@chatexhibit\/proto\/(.*)$/, replacement: path.join(here, '../proto/src/$1') }],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // What a visitor waits for is the first download's gzip size, held to 250 KB by
  // test/e2e/web-pages.e2e.spec.ts; Vite's own warning measures one chunk before compression.
  build: { chunkSizeWarningLimit: 800 },
});
