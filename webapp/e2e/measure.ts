/**
 * Benchmark, never an assertion: time to the first marker on `/` and the JS the route loads.
 *
 *   E2E_MEASURE=1 npx playwright test        (uses the same global setup: a fresh demo server)
 *
 * Loads `/` in a fresh browser context (cold HTTP cache, returning visitor: no welcome dialog)
 * RUNS times and reports, from navigation start: first contentful paint, the nearby call's
 * response end, and the first cluster rendered (the first cluster-count label the map places
 * after drawing clusters; at the default view there are always clusters). Then the gzip sizes
 * of the JS files index.html references (what every route needs) and of all the JS `/` loaded.
 * Results are printed and written to e2e/artifacts/measure.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from './fixtures';
import { ARTIFACTS_DIR, WEBAPP_DIR } from './paths';

const RUNS = Number(process.env.MEASURE_RUNS ?? 5);

interface Run {
  fcp: number | null;
  nearbyStart: number | null;
  nearbyEnd: number | null;
  firstCluster: number;
  js: string[];
  /** Content-Encoding the server used for the JS (none: sizes on the wire are the raw ones). */
  encodings: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const ms = (n: number) => `${Math.round(n)} ms`;

function gzipOf(distPath: string): { raw: number; gzip: number } {
  const buf = readFileSync(path.join(WEBAPP_DIR, 'dist', distPath));
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

test('time to first marker on / and the JS it loads', async ({ browser, baseURL }, testInfo) => {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      localStorage.setItem('cultural-archiver-visited', 'true');
      const w = window as unknown as { __firstCluster?: number };
      new MutationObserver((_m, obs) => {
        if (document.querySelector('.map-cluster-label')) {
          w.__firstCluster = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const js: string[] = [];
    const encodings = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js')) {
        js.push(u.pathname);
        encodings.add(r.headers()['content-encoding'] ?? 'none');
      }
    });
    await page.goto('/');
    await page.waitForFunction(() => (window as unknown as { __firstCluster?: number }).__firstCluster !== undefined, null, {
      timeout: 60_000,
    });
    const t = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const nearby = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/artworks/nearby')) as PerformanceResourceTiming | undefined;
      return {
        fcp,
        nearbyStart: nearby ? nearby.startTime : null,
        nearbyEnd: nearby ? nearby.responseEnd : null,
        firstCluster: (window as unknown as { __firstCluster: number }).__firstCluster,
      };
    });
    runs.push({ ...t, js: [...new Set(js)].sort(), encodings: [...encodings] });
    await context.close();
  }

  const clusters = runs.map((r) => r.firstCluster);
  const nearby = runs.map((r) => r.nearbyEnd).filter((x): x is number => x !== null);
  const nearbyStart = runs.map((r) => r.nearbyStart).filter((x): x is number => x !== null);
  const fcp = runs.map((r) => r.fcp).filter((x): x is number => x !== null);

  const html = readFileSync(path.join(WEBAPP_DIR, 'dist/index.html'), 'utf8');
  const entryJs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const entryCss = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1] ?? '');
  const sum = (files: string[]) =>
    files.reduce((acc, f) => {
      const s = gzipOf(f);
      return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip };
    }, { raw: 0, gzip: 0 });
  const routeJs = runs[0]?.js ?? [];
  const initial = sum(entryJs);
  const css = sum(entryCss);
  const route = sum(routeJs);

  const report = {
    runs: RUNS,
    servedEncoding: [...new Set(runs.flatMap((r) => r.encodings))],
    firstCluster: { median: median(clusters), max: Math.max(...clusters), all: clusters.map(Math.round) },
    nearbyRequestStart: { median: median(nearbyStart), max: Math.max(...nearbyStart) },
    nearbyResponseEnd: { median: median(nearby), max: Math.max(...nearby) },
    firstContentfulPaint: { median: median(fcp), max: Math.max(...fcp) },
    indexHtmlJs: { files: entryJs, ...initial },
    indexHtmlCss: { files: entryCss, ...css },
    mapRouteJs: {
      files: routeJs.map((f) => ({ file: f, ...gzipOf(f) })),
      ...route,
    },
  };
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  writeFileSync(path.join(ARTIFACTS_DIR, 'measure.json'), JSON.stringify(report, null, 2));
  await testInfo.attach('measure.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });

  const lines = [
    `Map at / (${RUNS} cold loads, 1280×800), from navigation start:`,
    `  first cluster rendered  median ${ms(report.firstCluster.median)}, max ${ms(report.firstCluster.max)} (${report.firstCluster.all.join(', ')})`,
    `  nearby request start    median ${ms(report.nearbyRequestStart.median)}, max ${ms(report.nearbyRequestStart.max)}`,
    `  nearby response end     median ${ms(report.nearbyResponseEnd.median)}, max ${ms(report.nearbyResponseEnd.max)}`,
    `  first contentful paint  median ${ms(report.firstContentfulPaint.median)}, max ${ms(report.firstContentfulPaint.max)}`,
    `JS referenced by index.html: ${entryJs.length} files, ${kB(initial.raw)} raw, ${kB(initial.gzip)} gzip`,
    `CSS referenced by index.html: ${kB(css.raw)} raw, ${kB(css.gzip)} gzip`,
    `All JS loaded for / : ${routeJs.length} files, ${kB(route.raw)} raw, ${kB(route.gzip)} gzip (served with encoding: ${report.servedEncoding.join(', ')})`,
    ...report.mapRouteJs.files.map((f) => `    ${f.file.padEnd(44)} ${kB(f.gzip).padStart(9)} gzip`),
  ];
  console.log(lines.join('\n'));
});
