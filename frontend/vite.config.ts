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
});
