/**
 * `schema.d.ts` is generated from the server's OpenAPI document (`docs/openapi.json`, itself
 * generated from the Rust code) and committed. This fails as soon as the two disagree: run
 * `npm run api:types` and commit the result; never edit `schema.d.ts` by hand.
 *
 * It runs the very command of the `api:types` script (same CLI, same flags) with the output on
 * stdout instead of the file, so the check cannot drift from how the file is made.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const WEBAPP = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface PackageJson {
  scripts: Record<string, string | undefined>;
  bin?: string | Record<string, string>;
}

async function readJson(file: string): Promise<PackageJson> {
  return JSON.parse(await readFile(file, 'utf8')) as PackageJson;
}

/** The `api:types` script as the CLI's arguments without the output, and that output file. */
async function apiTypesCommand(): Promise<{ args: string[]; output: string }> {
  const script = (await readJson(path.join(WEBAPP, 'package.json'))).scripts['api:types'];
  expect(script, 'package.json has an api:types script').toBeTypeOf('string');
  const [bin, ...args] = script!.trim().split(/\s+/);
  expect(bin).toBe('openapi-typescript');
  const o = args.findIndex((a) => a === '-o' || a === '--output');
  expect(o, 'api:types writes to a file (-o)').toBeGreaterThanOrEqual(0);
  const output = args[o + 1]!;
  args.splice(o, 2);
  return { args, output };
}

/** The installed openapi-typescript CLI (its package's `bin`). */
async function cliPath(): Promise<string> {
  const pkgFile = createRequire(path.join(WEBAPP, 'package.json')).resolve('openapi-typescript/package.json');
  const { bin } = await readJson(pkgFile);
  const rel = typeof bin === 'string' ? bin : bin?.['openapi-typescript'];
  expect(rel).toBeTypeOf('string');
  return path.resolve(path.dirname(pkgFile), rel!);
}

describe('the generated API types', () => {
  it('src/api/schema.d.ts matches docs/openapi.json (else run `npm run api:types`)', async () => {
    const { args, output } = await apiTypesCommand();
    expect(path.resolve(WEBAPP, output)).toBe(path.join(import.meta.dirname, 'schema.d.ts'));
    const { stdout } = await run(process.execPath, [await cliPath(), ...args], {
      cwd: WEBAPP,
      maxBuffer: 16 * 1024 * 1024,
    });
    const committed = await readFile(path.resolve(WEBAPP, output), 'utf8');
    expect(stdout.length, 'the generator produced output').toBeGreaterThan(0);
    expect(committed, 'schema.d.ts is stale: run `npm run api:types`').toBe(stdout);
  }, 30_000);
});
