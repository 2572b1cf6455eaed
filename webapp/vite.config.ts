import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The read and write APIs live under /api on the same origin; in development they are proxied
// to `plinth serve` (override with PLINTH_API_URL).
const apiTarget = process.env.PLINTH_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // mapbox-gl (~1.9 MB) is lazy-loaded and only with a token; everything else is far below.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework every screen needs, in one long-cached chunk; map engines stay lazy.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs|redux|redux-thunk|reselect|immer|react-router|cookie|set-cookie-parser|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
