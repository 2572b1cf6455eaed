/**
 * Starts one real, fully isolated `plinth serve --demo` for the whole run and returns its
 * teardown. Builds nothing: `npm run build` (webapp/dist) and `cargo build --workspace` (the
 * binary) must have run first.
 *
 * Isolation: a fresh data dir under /tmp (PLINTH_DATA_DIR) and DATABASE_URL / NATS_URL unset,
 * so the server starts its own private PostgreSQL and nats-server there; the working directory is
 * that dir too, so no `.env` of the checkout is read. The base URL reaches the tests through
 * `PLINTH_E2E_BASE_URL` and the data dir through `PLINTH_E2E_DATA_DIR` (workers inherit the
 * runner's environment): with SMTP_URL unset the server writes each mail to `<data dir>/outbox/`,
 * where the sign-in tests read their links and codes (e2e/mail.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ARTIFACTS_DIR, REPO_ROOT, WEBAPP_DIR } from './paths';

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const MIN_ARTWORKS = 2000;

/** Settings of the environment that would make the server leave its sandbox or change what the
 * tests expect (product name, map engine, storage, mail, search backend). */
const UNSET = [
  'DATABASE_URL',
  'NATS_URL',
  'STORAGE_URL',
  'SMTP_URL',
  'MEILI_URL',
  'MEILI_API_KEY',
  'SEARCH_BACKEND',
  'PUBLIC_URL',
  'PRODUCT_NAME',
  'MAP_STYLE_URL',
  'MAP_DEFAULT_VIEW',
  'BRAND_COLOR',
  'BRAND_LOGO_URL',
  'MAPBOX_ACCESS_TOKEN',
  'ADMIN_EMAILS',
];

function plinthBinary(): string {
  if (process.env.PLINTH_BIN) return process.env.PLINTH_BIN;
  const target = process.env.CARGO_TARGET_DIR || path.join(homedir(), '.cache/plinth/target');
  return path.join(target, 'debug/plinth');
}

function demoFiles(): string[] {
  const dir = path.join(REPO_ROOT, 'datasets/public-art');
  return readdirSync(dir)
    .filter((f) => /\.(json|geojson|csv)$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function json(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

/** Ready: /api/status answers 200, the demo data are projected (≥ 2000 artworks) and no
 * projector has events pending (so the artists' read model has caught up as well). */
async function probe(base: string): Promise<string | null> {
  try {
    const status = (await json(`${base}/api/status`)) as {
      data?: { projectors?: Array<{ name: string; caught_up?: boolean }> };
    };
    const list = (await json(`${base}/api/artworks?limit=1`)) as { data?: { pagination?: { total?: number } } };
    const total = list.data?.pagination?.total ?? 0;
    if (total < MIN_ARTWORKS) return `${total} artworks projected so far`;
    const behind = (status.data?.projectors ?? []).filter((p) => p.caught_up !== true);
    if (behind.length > 0) return `projectors still catching up: ${behind.map((p) => p.name).join(', ')}`;
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function tail(file: string, bytes = 4000): string {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '(no server log)';
  }
}

/** Pids from the pid files the private services leave under the data dir. */
function servicePids(dir: string): Array<{ name: string; pid: number }> {
  const out: Array<{ name: string; pid: number }> = [];
  const walk = (d: string, depth: number) => {
    if (depth > 3) return;
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e);
      if (e === 'postmaster.pid' || e === 'nats.pid') {
        const pid = Number(readFileSync(p, 'utf8').split('\n')[0]?.trim());
        if (Number.isInteger(pid) && pid > 0) out.push({ name: e === 'nats.pid' ? 'nats-server' : 'postgres', pid });
      } else {
        try {
          if (statSync(p).isDirectory() && e !== 'jetstream' && e !== 'base') walk(p, depth + 1);
        } catch {
          // vanished while walking
        }
      }
    }
  };
  walk(dir, 0);
  return out;
}

async function waitExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await sleep(100);
  }
  return !alive(pid);
}

async function stopServer(child: ChildProcess, dataDir: string, log: string): Promise<void> {
  const pid = child.pid;
  if (pid && child.exitCode === null && child.signalCode === null) {
    const started = Date.now();
    child.kill('SIGTERM');
    const exited = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (exited) {
      if (process.env.PLINTH_E2E_VERBOSE) console.log(`[e2e] plinth stopped ${Date.now() - started} ms after SIGTERM`);
    } else {
      console.warn(`[e2e] plinth did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: SIGKILL (log: ${log})`);
      child.kill('SIGKILL');
      await waitExit(pid, 5000);
    }
  }
  // PostgreSQL is a pg_ctl daemon that can outlive a killed plinth; nats-server a child. Whatever
  // is still running from this data dir goes before the dir does.
  for (const { name, pid: spid } of servicePids(dataDir)) {
    if (!alive(spid)) continue;
    console.warn(`[e2e] ${name} (pid ${spid}) still running after plinth stopped: stopping it`);
    try {
      process.kill(spid, name === 'postgres' ? 'SIGQUIT' : 'SIGTERM');
    } catch {
      continue;
    }
    if (!(await waitExit(spid, 10_000))) {
      try {
        process.kill(spid, 'SIGKILL');
      } catch {
        // gone
      }
      await waitExit(spid, 5000);
    }
  }
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const indexHtml = path.join(WEBAPP_DIR, 'dist/index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`[e2e] ${indexHtml} is missing: build the web app first (cd webapp && npm run build).`);
  }
  const bin = plinthBinary();
  if (!existsSync(bin)) {
    throw new Error(
      `[e2e] the plinth binary ${bin} is missing: build it first ` +
        '(CARGO_TARGET_DIR=$HOME/.cache/plinth/target cargo build --workspace), or set PLINTH_BIN.',
    );
  }

  // mkdtemp makes the dir 0700; the private PostgreSQL runs as the `postgres` user when we are
  // root and must be able to traverse it.
  const dataDir = mkdtempSync('/tmp/plinth-e2e-');
  chmodSync(dataDir, 0o711);
  const log = path.join(dataDir, 'plinth-serve.log');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of UNSET) delete env[k];
  // The offline map style: this machine reaches no tile host, and a test of the default public
  // basemap (e2e/public-face.spec.ts) hands the app that style through route interception.
  // One trusted proxy hop: the server takes the client's address from `X-Forwarded-For`, which
  // each browser context and API caller sets to an address of its own (e2e/fixtures.ts
  // `newClientAddress`), so per-client limits count them apart as they would real people, not
  // every request of the suite as 127.0.0.1. A request without the header counts as its peer.
  Object.assign(env, {
    PLINTH_DATA_DIR: dataDir,
    PLINTH_ADDR: `127.0.0.1:${port}`,
    PLINTH_LOG: 'warn',
    MAP_STYLE_URL: 'offline',
    TRUSTED_PROXY_HOPS: '1',
  });

  const args = ['serve', '--demo', ...demoFiles(), '--web-dir', path.join(WEBAPP_DIR, 'dist')];
  const out = createWriteStream(log);
  const child = spawn(bin, args, { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const state: { exit: string | null } = { exit: null };
  child.once('exit', (code, signal) => {
    state.exit = `exit code ${code ?? '-'}, signal ${signal ?? '-'}`;
  });

  const teardown = async () => {
    await stopServer(child, dataDir, log);
    out.end();
    if (process.env.PLINTH_E2E_KEEP) {
      console.log(`[e2e] kept ${dataDir}`);
      return;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (existsSync(dataDir)) spawnSync('rm', ['-rf', dataDir]);
  };

  const started = Date.now();
  let last: string | null = 'not started';
  try {
    while (Date.now() - started < READY_TIMEOUT_MS) {
      if (state.exit) throw new Error(`[e2e] plinth serve exited during start-up (${state.exit}). Its log:\n${tail(log)}`);
      last = await probe(base);
      if (last === null) break;
      await sleep(500);
    }
    if (last !== null) {
      throw new Error(`[e2e] plinth serve not ready after ${READY_TIMEOUT_MS / 1000} s (${last}). Its log:\n${tail(log)}`);
    }
  } catch (e) {
    await teardown();
    throw e;
  }
  console.log(`[e2e] plinth serve ready at ${base} in ${((Date.now() - started) / 1000).toFixed(1)} s (data ${dataDir})`);

  process.env.PLINTH_E2E_BASE_URL = base;
  process.env.PLINTH_E2E_DATA_DIR = dataDir;
  process.env.PLINTH_E2E_ARTIFACTS = ARTIFACTS_DIR;
  return teardown;
}
