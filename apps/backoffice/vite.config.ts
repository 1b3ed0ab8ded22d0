import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The staff back office, served by the lender API at /backoffice (docs/backoffice.md). Desktop only:
// no budget like the H5's, but every screen is its own chunk (src/app/routes.tsx).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    reportCompressedSize: true,
    manifest: true,
    // antd's shared core is one chunk of about 1 MB raw; the screens stay small beside it.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    // The staff API and the uploaded images come from the API server (npm run dev -w @cashloan/server).
    proxy: Object.fromEntries(['/staff/api', '/uploads'].map((p) => [p, 'http://127.0.0.1:8080'])),
  },
});
