/**
 * An admin imports a city the demo data lacks from /admin?tab=import, against the real server:
 *
 * 1. Uploads a semicolon-delimited CSV of six Montréal artworks with French headers, one of them
 *    without coordinates: a first upload, held on its way, shows its progress and is cancelled;
 *    the second is read (6 records, CSV) with a sample and the guessed mapping (the title is
 *    "Titre", the type "Catégorie", the neighbourhood tag "Quartier"), each field chosen with
 *    what it holds, and the type table offering the file's values.
 * 2. Fills in what the file cannot say (place, licence, attribution, source) and dry-runs: 5 new,
 *    1 rejected for want of coordinates, the new records on a map.
 * 3. Imports: "Imported 5 artworks", a link to the map at them, the run in the history with
 *    its counts.
 * 4. Reads the same file again with that run's mapping ("Import a newer file"): nothing new.
 * 5. Finds an imported artwork by its title in search, and on the map the link opens.
 *
 * Each run has its own dataset key (the file's name), titles, artists and position (a random
 * spot around Montréal), so repeated runs against the same server neither collide nor look like
 * each other's duplicates. The admin is granted by the CLI and signed in through the API from a
 * loopback address of its own (127.0.0.9), once per worker.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, noSeriousViolations, screenshot, staffSessions, test, unique } from './fixtures';

const ADMIN_ADDRESS = '127.0.0.9';

/** An admin's session token: granted by the CLI, signed in once per worker. */
const staffToken = staffSessions(ADMIN_ADDRESS, 'e2e-import');

interface Row {
  title: string;
  artist: string;
  category: string;
  year: string;
  lat: number | null;
  lon: number | null;
  area: string;
}

/** Six artworks of this run, spread over a kilometre around a random spot of Montréal. */
function rowsFor(run: string): Row[] {
  const lat = 45.45 + Math.random() * 0.2;
  const lon = -73.85 + Math.random() * 0.3;
  const at = (dLat: number, dLon: number) => ({ lat: Number((lat + dLat).toFixed(6)), lon: Number((lon + dLon).toFixed(6)) });
  return [
    { title: `Les mains ouvertes ${run}`, artist: `Armande Vaillant ${run}`, category: 'Sculpture', year: '1987', ...at(0, 0), area: 'Ville-Marie' },
    { title: `Le phare des ruelles ${run}`, artist: `Marie Côté ${run}`, category: 'Murale', year: '2003', ...at(0.004, 0.002), area: 'Le Plateau-Mont-Royal' },
    { title: `Jardin suspendu ${run}`, artist: `Collectif Ruelle ${run}`, category: 'Installation', year: '2015', ...at(-0.003, 0.005), area: 'Verdun' },
    { title: `Aux patriotes ${run}`, artist: `Alfred Lalonde ${run}`, category: 'Monument', year: '1926', ...at(0.002, -0.006), area: 'Ville-Marie' },
    { title: `Mosaïque du marché ${run}`, artist: `Laurent Gagnon ${run}`, category: 'Mosaïque', year: '1999', ...at(-0.004, -0.003), area: 'Villeray' },
    { title: `Sans adresse ${run}`, artist: `Inconnu ${run}`, category: 'Sculpture', year: '1970', lat: null, lon: null, area: 'Ville-Marie' },
  ];
}

/** The page scrolls no wider than the window (the mapping's selects and tables fit a phone). */
async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { width, scrollWidth } = await page.evaluate(() => ({ width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth }));
  expect(scrollWidth, `${where}: the page is wider than the ${width} px window`).toBeLessThanOrEqual(width);
}

function csvOf(rows: Row[]): string {
  const lines = rows.map((r) => [r.title, r.artist, r.category, r.year, r.lat ?? '', r.lon ?? '', r.area].join(';'));
  return `Titre;Artiste;Catégorie;Année;Latitude;Longitude;Quartier\n${lines.join('\n')}\n`;
}

test('an admin imports a Montréal CSV: guessed mapping, dry run, import, the run re-read, the artworks found', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const run = unique();
  const project = testInfo.project.name;
  const rows = rowsFor(run);
  const fileName = `montreal-e2e-${run}.csv`;
  const path = testInfo.outputPath(fileName);
  writeFileSync(path, csvOf(rows), 'utf8');

  const token = await staffToken('admin');
  await page.context().addInitScript((t) => window.localStorage.setItem('user-token', t), token);
  await page.goto('/admin?tab=import');
  await expect(page.getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');

  // (1) Upload: its progress while it is under way (held here until cancelled), then read on
  // the server, summarised, sampled, with a guessed mapping.
  await page.getByLabel('Open-data file').setInputFiles(path);
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/imports', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    return route.continue().catch(() => undefined);
  });
  await page.getByRole('button', { name: 'Upload and read' }).click();
  await expect(page.getByTestId('import-upload-progress').getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('import-upload-sent')).toContainText(fileName);
  await noSidewaysScroll(page, 'the upload');
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByTestId('import-upload-error')).toHaveText('The upload was cancelled; nothing was read.');
  await expect(page.getByTestId('import-upload-progress')).toHaveCount(0);
  release();
  await page.unroute('**/api/admin/imports');

  const uploaded = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/imports');
  await page.getByRole('button', { name: 'Upload and read' }).click();
  const upload = await uploaded;
  expect(upload.status(), await upload.text()).toBe(201);
  await expect(page.getByTestId('import-summary')).toHaveText(`${fileName}: 6 records, CSV, UTF-8`);
  const sample = page.getByRole('region', { name: 'Sample records' });
  await expect(sample.getByRole('row')).toHaveCount(6);
  await expect(sample.getByRole('columnheader')).toHaveText(['Titre', 'Artiste', 'Catégorie', 'Année', 'Latitude', 'Longitude', 'Quartier']);
  await expect(page.getByRole('heading', { name: 'Check the mapping' })).toBeFocused();
  await expect(page.getByTestId('import-undecided')).toContainText('dataset.licence');

  const form = page.getByRole('form', { name: 'Mapping' });
  const title = form.getByRole('combobox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('Titre');
  await expect(title).toHaveAccessibleDescription(/^Guessed: "Titre": named like a title/);
  await expect(form.getByRole('combobox', { name: 'Latitude' })).toHaveValue('Latitude');
  await expect(form.getByRole('combobox', { name: 'Longitude' })).toHaveValue('Longitude');
  await expect(form.getByRole('combobox', { name: 'Type field' })).toHaveValue('Catégorie');
  await expect(form.getByRole('combobox', { name: 'Our type for "Murale"' })).toHaveValue('mural');
  await expect(form.getByRole('combobox', { name: 'Our type for "Mosaïque"' })).toHaveValue('mosaic');
  await expect(form.getByRole('textbox', { name: 'Tag key' })).toHaveValue('neighbourhood');
  await expect(form.getByRole('textbox', { name: 'Key', exact: true })).toHaveValue(`montreal-e2e-${run}`);
  // What the fields chosen hold, and the file's values as the type table's rows.
  await expect(form.getByRole('list', { name: 'Most frequent values of Catégorie' }).getByRole('listitem').first()).toHaveText('Sculpture (2)');
  await expect(form.getByRole('list', { name: 'Most frequent values of Titre' })).toBeVisible();
  const typeTable = form.getByRole('table', { name: 'Value in the file → our type' });
  await expect(typeTable.getByRole('rowheader')).toHaveCount(5);
  await expect(page.getByTestId('import-upload-status')).toBeEmpty();
  await noSidewaysScroll(page, 'the mapping');

  // What the file cannot say; without it the server refuses the mapping.
  await form.getByRole('button', { name: 'Dry run' }).click();
  const refusal = page.getByTestId('import-refusal');
  await expect(refusal).toContainText('The mapping was refused: [dataset]');
  await expect(refusal).toBeFocused();
  await form.getByRole('textbox', { name: 'Place' }).fill('Montréal');
  await form.getByRole('textbox', { name: 'Licence' }).fill('CC BY 4.0');
  await form.getByRole('textbox', { name: 'Attribution' }).fill('Ville de Montréal');
  await form.getByRole('textbox', { name: 'Source URL' }).fill('https://donnees.montreal.ca/dataset/art-public');

  // (2) The dry run.
  await form.getByRole('button', { name: 'Dry run' }).click();
  const dryRun = page.getByTestId('import-report-dry-run');
  await expect(dryRun.getByRole('heading', { name: 'What the import would do' })).toBeFocused();
  await expect(refusal).toHaveCount(0);
  await expect(dryRun.getByTestId('import-sentence')).toContainText('5 new, 0 changed, 0 already imported, 1 rejected');
  await expect(page.getByTestId('import-status-dry-run')).toHaveText(/^Dry run done: 5 new, 0 changed, 0 already imported, 1 rejected/);
  await expect(dryRun.getByTestId('import-outcomes').getByRole('row').filter({ hasText: 'Rejected' })).toHaveCount(1);
  await expect(dryRun.getByTestId('import-outcomes')).toContainText('row 6: missing coordinates');
  const dryMap = dryRun.getByTestId('import-map');
  await expect(dryMap).toHaveAttribute('data-new-points', /^[0-5]$/);
  const mapped = Number(await dryMap.getAttribute('data-new-points')) + Number(await dryMap.getAttribute('data-duplicate-points'));
  expect(mapped, 'every new record is on the map').toBe(5);
  await noSidewaysScroll(page, 'the dry run');
  await noSeriousViolations(page, `${project} import dry run`);
  await screenshot(page, testInfo, 'admin-import-dry-run', { fullPage: true });

  // (3) The import.
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  const imported = page.getByTestId('import-report-import');
  await expect(imported.getByRole('heading', { name: 'Imported 5 artworks' })).toBeFocused({ timeout: 60_000 });
  await expect(imported.getByTestId('import-sentence')).toContainText('5 new, 0 changed, 0 already imported, 1 rejected');
  await expect(importButton).toBeDisabled();
  const onMap = imported.getByRole('link', { name: 'See them on the map' });
  await expect(onMap).toHaveAttribute('href', /^\/\?lat=45\.\d+&lon=-73\.\d+&zoom=13$/);
  const mapHref = (await onMap.getAttribute('href'))!;
  const thisRun = page.getByTestId('import-run').filter({ hasText: fileName });
  await expect(thisRun).toHaveCount(1);
  await expect(thisRun.getByTestId('import-run-counts')).toContainText('6 records read: 5 new, 0 changed, 0 already imported, 1 rejected');
  await noSeriousViolations(page, `${project} import done`);
  await screenshot(page, testInfo, 'admin-import-done', { fullPage: true });

  // (4) The same source again, read with the run's mapping: nothing new, nothing to decide.
  await thisRun.getByRole('button', { name: /^Import a newer file/ }).click();
  await expect(page.getByLabel('Open-data file')).toBeFocused();
  await expect(page.getByTestId('import-previous-run')).toContainText(fileName);
  await page.getByLabel('Open-data file').setInputFiles(path);
  const again = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/imports');
  await page.getByRole('button', { name: 'Upload and read' }).click();
  const reread = await again;
  expect(reread.status(), await reread.text()).toBe(201);
  expect(new URL(reread.url()).searchParams.get('previous_run')).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText(/^This is the mapping of the earlier run/)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Place' })).toHaveValue('Montréal');
  await expect(page.getByTestId('import-undecided')).toHaveCount(0);
  await form.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('import-report-dry-run').getByTestId('import-sentence')).toContainText(
    '0 new, 0 changed, 5 already imported, 1 rejected',
  );

  // (5) Found by its title in search, and on the map where the link pointed.
  const found = rows[1]!.title;
  await expect(async () => {
    await page.goto(`/search/results?q=${encodeURIComponent(found)}`);
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: found })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: found }).click();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(found);
  await expect(page.getByRole('main')).toContainText('Ville de Montréal');

  await expect(async () => {
    await page.goto(mapHref);
    await page.getByRole('button', { name: 'List' }).click();
    const area = page.getByRole('region', { name: 'Artworks in this area' });
    await expect(area.getByRole('link', { name: rows[0]!.title })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 40_000 });
});

