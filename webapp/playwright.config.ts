/**
 * End-to-end tests against the real server: `e2e/global-setup.ts` starts an isolated
 * `plinth serve --demo` that serves webapp/dist, and Debian's Chromium runs the tests at a
 * desktop (1366×900) and a mobile (390×844) size. Run: `npm run e2e` (after `npm run build` and
 * `cargo build --workspace`). `E2E_MEASURE=1 npx playwright test` runs only the benchmark
 * (e2e/measure.ts) instead of the tests.
 */
import { defineConfig } from '@playwright/test';

const measure = Boolean(process.env.E2E_MEASURE);

/** The flags that work for headless Chromium on this machine (WebGL through SwiftShader). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: measure ? 'measure.ts' : '*.spec.ts',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // 2 cores: one browser at a time keeps SwiftShader and the server from starving each other.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: measure ? 300_000 : 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    headless: true,
    launchOptions: {
      executablePath: process.env.PLINTH_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    locale: 'en-CA',
    timezoneId: 'America/Vancouver',
    // The server's Content-Security-Policy forbids inline scripts, which is how axe is injected;
    // e2e/csp.spec.ts checks the policy in contexts that keep it.
    bypassCSP: true,
    // The app's service worker (production builds) would answer some requests itself: the specs
    // expect the server's answers, or their own through `page.route`, which a worker bypasses.
    // e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: measure
    ? [{ name: 'measure', use: { viewport: { width: 1280, height: 800 } } }]
    : [
        // Each layout spec runs at its own size only.
        { name: 'desktop', testIgnore: '*.mobile.spec.ts', use: { viewport: { width: 1366, height: 900 } } },
        {
          name: 'mobile',
          testIgnore: '*.desktop.spec.ts',
          use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
        },
      ],
});
