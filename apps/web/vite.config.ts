// Builds the SPA into dist/ (hashed files under /assets/) for the server to serve; in
// development, proxies the API and media to the server on port 3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `@/…` is src/ (mirrored by "paths" in tsconfig.json).
    alias: [{ find: /^@\//, replacement: decodeURIComponent(new URL('./src/', import.meta.url).pathname) }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/media': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/media': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
