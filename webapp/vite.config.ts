import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** What the service worker's source says where the build's file list goes. */
const PRECACHE_PLACEHOLDER = '__PLINTH_PRECACHE__';

/** Every file under `dir`, as paths relative to it with `/`. */
function filesUnder(dir: string, prefix = ''): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/**
 * The service worker (src/sw/sw.ts) built as `/sw.js` with the list of files to precache: every
 * built file and public file but source maps and the Mapbox engine's chunk (1.9 MB, loaded only
 * when the server has a Mapbox token, and then kept at its first load), and a version hashed from
 * their names and contents, so each build that changes anything installs anew. Build only: the
 * dev server and the tests never see a worker.
 */
function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'plinth-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url)), fileName: 'sw.js' });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sw = bundle['sw.js'];
        if (sw?.type !== 'chunk' || !sw.code.includes(PRECACHE_PLACEHOLDER)) {
          this.error(`sw.js was not built, or has no ${PRECACHE_PLACEHOLDER} to fill`);
        }
        const files = new Map<string, string | Uint8Array>();
        for (const [name, out] of Object.entries(bundle)) {
          if (name === 'sw.js' || name.endsWith('.map')) continue;
          if (out.type === 'chunk' && out.moduleIds.some((id) => /[\\/]node_modules[\\/]mapbox-gl[\\/]/.test(id))) continue;
          files.set(name, out.type === 'chunk' ? out.code : out.source);
        }
        for (const name of filesUnder(publicDir)) files.set(name, readFileSync(path.join(publicDir, name)));
        const names = [...files.keys()].sort();
        const hash = createHash('sha256');
        for (const name of names) hash.update(name).update('\0').update(files.get(name)!).update('\0');
        const manifest = { version: hash.digest('hex').slice(0, 16), files: names };
        sw.code = sw.code.replace(PRECACHE_PLACEHOLDER, JSON.stringify(manifest));
      },
    },
  };
}

// The read and write APIs live under /api on the same origin; in development they are proxied
// to `plinth serve` (override with PLINTH_API_URL).
const apiTarget = process.env.PLINTH_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), serviceWorker()],
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
