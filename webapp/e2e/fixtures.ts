/**
 * The `test` every spec uses: the base URL of the server global setup started, a returning
 * visitor by default (the welcome dialog is a modal that would cover every screen), helpers for
 * screenshots, axe-core and the API, and a guard that fails a test on uncaught page errors.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContextOptions, type Locator, type Page, type TestInfo } from '@playwright/test';
import { magicLinkToken, mailFilesTo, waitForMail } from './mail';
import { ARTIFACTS_DIR } from './paths';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export const PRODUCT = 'Plinth';
export const VISITED_KEY = 'cultural-archiver-visited';
export const THEME_KEY = 'user-theme';
/** SPEC §9 fallback position: the map's default centre. */
export const VANCOUVER = { lat: 49.2827, lng: -123.1207 };

export interface ArtworkMinimal {
  id: string;
  title: string;
  artwork_type: string;
  lat: number;
  lon: number;
}

interface Fixtures {
  /** false (default): the visit flag is set before the app loads, so no welcome dialog. */
  firstVisit: boolean;
  /** Errors thrown in the page; the test fails if any was seen. */
  pageErrors: string[];
  /** The client address of the test's context (its `X-Forwarded-For`, see `newClientAddress`). */
  clientAddress: string;
}

/** Where `newClientAddress` starts: random, so runs against one server do not share addresses. */
let addressCount = Math.floor(Math.random() * 0xfff000);

/**
 * A client address no other context or caller of this run has (10.x.y.z). The server under test
 * trusts one proxy hop (`TRUSTED_PROXY_HOPS=1`, global setup), so it takes the client from
 * `X-Forwarded-For`, and its per-client limits (submissions, sign-in links, feedback) count each
 * browser context apart, as they would people on their own machines, however many runs one
 * server sees.
 */
export function newClientAddress(): string {
  addressCount = (addressCount + 1) % 0xfffffe;
  const n = addressCount + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Request headers that make a context's or a caller's requests come from `address`. */
export const fromAddress = (address: string) => ({ 'X-Forwarded-For': address });

export const test = base.extend<Fixtures>({
  firstVisit: [false, { option: true }],
  // Playwright requires the object pattern even when a fixture needs no other fixture.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    const url = process.env.PLINTH_E2E_BASE_URL;
    if (!url) throw new Error('PLINTH_E2E_BASE_URL is unset: run through `npx playwright test` (global setup).');
    await provide(url);
  },
  // eslint-disable-next-line no-empty-pattern
  clientAddress: async ({}, provide) => {
    await provide(newClientAddress());
  },
  // The test's context (and `page.request`, `request`) comes from the test's own address.
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, provide) => {
    await provide({ ...extraHTTPHeaders, ...fromAddress(clientAddress) });
  },
  context: async ({ context, firstVisit }, provide) => {
    if (!firstVisit) {
      await context.addInitScript((key) => {
        try {
          window.localStorage.setItem(key, 'true');
        } catch {
          // storage unavailable: the dialog would show, and the test will say so
        }
      }, VISITED_KEY);
    }
    await provide(context);
  },
  pageErrors: [
    async ({ page }, provide) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await provide(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A screenshot of the screen (`fullPage`: all of the page) under e2e/artifacts/<project>/<name>.png. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = path.join(ARTIFACTS_DIR, testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled', fullPage: options.fullPage ?? false });
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export const isSerious = (f: AxeFinding) => f.impact === 'serious' || f.impact === 'critical';

/** Runs axe-core on the page; returns every violation (filter with `isSerious`). */
export async function a11yViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    type Result = {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
    };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
}

export function formatFindings(where: string, findings: AxeFinding[]): string {
  return findings
    .map((f) => `${where}: [${f.impact}] ${f.id} (${f.help}) at ${f.targets.slice(0, 8).join(' | ')}`)
    .join('\n');
}

/** A GET on the server under test (not through the page). */
export async function apiGet<T>(page: Page, pathAndQuery: string): Promise<T> {
  const res = await page.request.get(`/api${pathAndQuery}`);
  expect(res.ok(), `GET /api${pathAndQuery}`).toBeTruthy();
  const body = (await res.json()) as { data: T };
  return body.data;
}

/** Waits for the nearby call of the map to answer and returns its artworks. */
export async function waitForNearby(page: Page, action: () => Promise<unknown>): Promise<ArtworkMinimal[]> {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/artworks/nearby') && r.request().method() === 'GET', {
      timeout: 30_000,
    }),
    action(),
  ]);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { artworks: ArtworkMinimal[] } };
  return body.data.artworks;
}

/** The document title once the app has set it for the current screen. */
export async function expectTitle(page: Page, pageName: string | RegExp): Promise<void> {
  if (typeof pageName === 'string') await expect(page).toHaveTitle(`${pageName} - ${PRODUCT}`);
  else await expect(page).toHaveTitle(pageName);
}

/** The drawer's navigation entries, in order (the rail adds Pages). */
export const DRAWER_ENTRIES = ['Map', 'Artworks', 'Artists', 'Search', 'Help'];

/**
 * Another device: a fresh context of the same size as the test's, a returning visitor (no welcome
 * dialog), with a client address of its own (`newClientAddress`).
 */
export async function otherDevice(browser: Browser, testInfo: TestInfo, baseURL: string) {
  const use = testInfo.project.use;
  const options: BrowserContextOptions = {
    baseURL,
    locale: use.locale,
    timezoneId: use.timezoneId,
    bypassCSP: true,
    extraHTTPHeaders: fromAddress(newClientAddress()),
  };
  if (use.viewport) options.viewport = use.viewport;
  if (use.isMobile !== undefined) options.isMobile = use.isMobile;
  if (use.hasTouch !== undefined) options.hasTouch = use.hasTouch;
  if (use.deviceScaleFactor !== undefined) options.deviceScaleFactor = use.deviceScaleFactor;
  const context = await browser.newContext(options);
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), VISITED_KEY);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** No serious or critical axe findings on the page as it is now (after 300 ms of settling). */
export async function noSeriousViolations(page: Page, where: string): Promise<void> {
  await page.waitForTimeout(300);
  const serious = (await a11yViolations(page)).filter(isSerious);
  expect(serious, formatFindings(`${where} ${page.url()}`, serious)).toEqual([]);
}

function plinthBinary(): string {
  if (process.env.PLINTH_BIN) return process.env.PLINTH_BIN;
  const target = process.env.CARGO_TARGET_DIR || path.join(homedir(), '.cache/plinth/target');
  return path.join(target, 'debug/plinth');
}

/**
 * `plinth admin grant --email … --permission moderator|admin` with only the server's data dir, as
 * an operator would run it beside `plinth serve`: the CLI finds the private PostgreSQL and NATS
 * owned by the running server, uses them, and leaves them running (the rest of the test goes on
 * against that server). Creates the account if the address never signed in. Returns the account's
 * id, which the CLI prints.
 */
export function grantPermission(email: string, permission: 'moderator' | 'admin'): string {
  const dataDir = process.env.PLINTH_E2E_DATA_DIR;
  if (!dataDir) throw new Error('PLINTH_E2E_DATA_DIR is unset: run through `npx playwright test` (global setup).');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'NATS_URL', 'STORAGE_URL', 'SMTP_URL', 'ADMIN_EMAILS', 'PUBLIC_URL', 'PLINTH_ADDR']) {
    delete env[k];
  }
  Object.assign(env, { PLINTH_DATA_DIR: dataDir, PLINTH_LOG: 'warn' });
  const r = spawnSync(plinthBinary(), ['admin', 'grant', '--email', email, '--permission', permission], {
    cwd: dataDir,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, `plinth admin grant failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
  const id = new RegExp(`granted ${permission} to account ([0-9a-f-]{36})`).exec(r.stdout)?.[1];
  expect(id, `no account id in:\n${r.stdout}`).toBeTruthy();
  return id!;
}

/** `grantPermission(email, 'moderator')`. */
export function grantModerator(email: string): string {
  return grantPermission(email, 'moderator');
}

export interface ApiAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { data?: unknown; message?: string } | null;
}

/**
 * A JSON call to the server under test from `from`, an address of its own, as another person
 * would call from another machine: the server's per-client limits (sign-in links, feedback) count
 * each address apart. The address goes in `X-Forwarded-For` (see `newClientAddress`); a loopback
 * one (127.x.y.z) is also the socket's own, so the call comes from it with or without a trusted
 * proxy hop. With `token` as X-User-Token if given.
 */
export function apiCall(
  from: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer> {
  const base = process.env.PLINTH_E2E_BASE_URL;
  if (!base) throw new Error('PLINTH_E2E_BASE_URL is unset: run through `npx playwright test` (global setup).');
  const url = new URL(`/api${path}`, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = { Accept: 'application/json', ...fromAddress(from) };
  if (payload !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  if (options.token) headers['X-User-Token'] = options.token;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        localAddress: from.startsWith('127.') ? from : undefined,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: ApiAnswer['body'];
          try {
            body = text ? (JSON.parse(text) as ApiAnswer['body']) : null;
          } catch {
            body = { message: text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url.pathname}: no answer in 30 s`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * Staff of a spec's own: `token(role)` is the session token of a moderator or an admin granted by
 * the CLI and signed in through the API from `address` (a loopback address of the spec's own, as
 * another person on another machine would: the server allows 20 sign-in links an hour per client
 * address), asked for once per worker and role. `name` starts their e-mail addresses.
 */
export function staffSessions(address: string, name: string): (role: 'moderator' | 'admin') => Promise<string> {
  const sessions: Partial<Record<'moderator' | 'admin', Promise<string>>> = {};
  return (role) => {
    sessions[role] ??= (async () => {
      const email = `${name}-${role}-${unique()}@example.org`;
      grantPermission(email, role);
      return apiSignIn(address, email);
    })();
    return sessions[role];
  };
}

/** Signs `email` in through the API from `from` (see `apiCall`) with the outbox mail; returns the session token. */
export async function apiSignIn(from: string, email: string): Promise<string> {
  const asked = await apiCall(from, 'POST', '/auth/request-magic-link', { body: { email } });
  expect(asked.status, `request-magic-link: ${JSON.stringify(asked.body)}`).toBe(200);
  const mail = await waitForMail(email);
  const verified = await apiCall(from, 'POST', '/auth/verify-magic-link', { body: { token: magicLinkToken(mail) } });
  expect(verified.status, `verify-magic-link: ${JSON.stringify(verified.body)}`).toBe(200);
  const token = verified.headers['x-user-token'];
  expect(typeof token, 'a session token in X-User-Token').toBe('string');
  return token as string;
}

/** Another device (see `otherDevice`) already signed in with the session `token`. */
export async function deviceSignedIn(browser: Browser, testInfo: TestInfo, baseURL: string, token: string) {
  const device = await otherDevice(browser, testInfo, baseURL);
  await device.context.addInitScript((t) => window.localStorage.setItem('user-token', t), token);
  return device;
}

/**
 * Does `act` with another device's page, then fails on any uncaught error there (`whose` page it
 * is, e.g. "the moderator page"); the device is closed after, whatever happened.
 */
export async function onDevice(device: Awaited<ReturnType<typeof otherDevice>>, whose: string, act: (page: Page) => Promise<void>): Promise<void> {
  try {
    await act(device.page);
    expect(device.errors, `uncaught errors in ${whose}`).toEqual([]);
  } finally {
    await device.context.close();
  }
}

/**
 * On the map, the List's first artwork shown on the map (the list is visible first): the preview
 * card, headed by the artwork's title, and that title.
 */
export async function previewFirstListed(page: Page): Promise<{ preview: Locator; title: string }> {
  await waitForNearby(page, () => page.goto('/'));
  await page.getByRole('button', { name: 'List' }).click();
  const list = page.getByRole('region', { name: 'Artworks in this area' });
  await expect(list).toBeVisible();
  const entry = list.getByRole('listitem').first();
  const title = (await entry.getByRole('link').textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await entry.getByRole('button', { name: 'Show on map' }).click();
  const preview = page.getByRole('region', { name: 'Selected artwork' });
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(title);
  return { preview, title };
}

/** The bottom bar's quick actions (phones). */
export const quickActions = (page: Page) => page.getByRole('navigation', { name: 'Quick actions' });

/**
 * The layout's one navigation: the rail ("Main") on wide screens, the bottom bar on phones. Both
 * hold Login or Profile, Notifications, Map and Add artwork.
 */
export const appNavigation = (page: Page) => page.getByRole('navigation', { name: /^(Main|Quick actions)$/ });

/**
 * A loopback address of the e-mail address's own, from 127.0.2.2 to 127.0.2.251: the server
 * allows each client address 20 sign-in links an hour, and the suite asks for more than that.
 */
function loopbackFor(email: string): string {
  let h = 0;
  for (const c of email) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `127.0.2.${2 + (h % 250)}`;
}

/**
 * Sign in as `email` on this page's device: the link is asked for through the API (from the
 * address's own loopback address, see `loopbackFor`; e2e/account.spec.ts goes through the
 * sign-in dialog), then opened in the page, which signs in and brings the device's work along.
 * The link is the new mail's: signing in again with an address waits for the link just asked for.
 */
export async function signInByMail(page: Page, email: string): Promise<void> {
  await page.goto('/');
  const earlier = mailFilesTo(email);
  const asked = await apiCall(loopbackFor(email), 'POST', '/auth/request-magic-link', { body: { email } });
  expect(asked.status, `request-magic-link: ${JSON.stringify(asked.body)}`).toBe(200);
  const mail = await waitForMail(email, earlier);
  await page.goto(`/verify?token=${magicLinkToken(mail)}`);
  await page.getByRole('button', { name: /^(Sign in|Create account) as / }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(appNavigation(page).getByRole('button', { name: 'Profile', exact: true })).toBeVisible({ timeout: 20_000 });
}

/** A short token unique to a test run, for its own data (names, e-mail addresses). */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The shell's toasts. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** A call to the server under test as the visitor (their token), answering its `data`. */
export async function asVisitor<T>(page: Page, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api${path}`, { method, data, headers: { 'X-User-Token': token } });
  expect(res.ok(), `${method} /api${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/**
 * A list of the page's visitor (their token, once the app has it) with the three artworks
 * nearest the map's default centre, named `name`: its id, the token and the artworks.
 */
export async function listOfThree(page: Page, name: string): Promise<{ id: string; token: string; artworks: ArtworkMinimal[] }> {
  await page.goto('/artworks');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user-token')), { timeout: 15_000 }).toMatch(/\S/);
  const token = (await page.evaluate(() => localStorage.getItem('user-token')))!;
  const near = await asVisitor<{ artworks: ArtworkMinimal[] }>(
    page,
    token,
    'GET',
    `/artworks/nearby?lat=${VANCOUVER.lat}&lon=${VANCOUVER.lng}&radius=3000&limit=3&minimal=true`,
  );
  expect(near.artworks).toHaveLength(3);
  const { id } = await asVisitor<{ id: string }>(page, token, 'POST', '/lists', { name });
  for (const a of near.artworks) await asVisitor(page, token, 'POST', `/lists/${id}/items`, { artwork_id: a.id });
  await expect
    .poll(async () => (await asVisitor<{ list: { item_count: number } }>(page, token, 'GET', `/lists/${id}`)).list.item_count, {
      timeout: 15_000,
    })
    .toBe(3);
  return { id, token, artworks: near.artworks };
}

/** The page's session token (the app keeps it in local storage). */
export async function sessionToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('user-token'))) ?? '';
}

/** The unread count as the server has it for the page's session. */
export async function unreadCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/me/notifications/unread-count', { headers: { 'X-User-Token': await sessionToken(page) } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { unread_count: number } }).data.unread_count;
}

/** Chooses a profile name on /profile (the name changes are credited to). */
export async function chooseProfileName(page: Page, name: string): Promise<void> {
  await appNavigation(page).getByRole('button', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('textbox', { name: 'Profile name' }).fill(name);
  await expect(page.getByText(`${name} is available`)).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page).getByText('Profile name saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your profile' }).locator('.profile-card__name')).toHaveText(name);
}

/** Logout from the rail (desktop) or the drawer (mobile), through the confirmation. */
export async function signOut(page: Page) {
  const rail = page.getByRole('navigation', { name: 'Main' });
  if (await rail.isVisible()) {
    await rail.getByRole('button', { name: 'Logout' }).click();
  } else {
    await quickActions(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  }
  const confirm = page.getByRole('dialog', { name: 'Sign out' });
  await expect(confirm.getByText('Are you sure you want to sign out?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(appNavigation(page).getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}
