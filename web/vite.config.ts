import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    // No changeOrigin: the server's CSRF check compares Origin with Host, so the
    // browser's Host (localhost:5173) must reach it unchanged.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
});
