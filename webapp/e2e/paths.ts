/** Directories the e2e run works with, from this file's location (ESM: no __dirname). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const WEBAPP_DIR = path.dirname(E2E_DIR);
export const REPO_ROOT = path.dirname(WEBAPP_DIR);
/** Screenshots of each screen (gitignored). */
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
