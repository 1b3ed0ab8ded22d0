import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2019',
    // Three small entries: the main app and the two `#/` apps load only their own code.
    rollupOptions: {
      input: { main: here('./index.html'), pay: here('./pay.html'), promo: here('./promo.html') },
    },
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/h5api', '/api', '/ops', '/gopia', '/user-problem', '/story', '/service', '/uploads', '/healthz'].map((p) => [p, 'http://localhost:8080']),
    ),
  },
});
