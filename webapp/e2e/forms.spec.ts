/**
 * The first hour's forms (issue 29) end to end, against the real server, at both sizes:
 *
 * 1. A new artwork: its details are chosen from the server's tag schema (by category, without the
 *    form's own fields), each value with its kind's control, or written ("Other…"); a known artist
 *    is offered as the person types and a new name can be added. Each problem shows at its field
 *    (a detail's at its row) and goes as soon as the field is fixed. The server's refusal of one
 *    detail lands on that row: the page holds a schema from before a release (it may be cached
 *    for an hour) that still lists a material the server no longer takes. What was sent is read
 *    back from the sender's submissions.
 * 2. The edit form of an imported artwork: the details grouped by category, one column on phones
 *    and two on desktop, each with its kind's control and no value clipped, "Clear" only beside a
 *    value, the imported photo shown above its address; a problem the form finds and one the
 *    server finds each go once their field changes.
 * 3. The artwork's page shows the imported photo, with its source, among its details.
 *
 * The dataset's photos are on the cities' sites: the tests answer those requests with a photo of
 * their own, so nothing leaves the machine. axe-core checks each screen, with its problems shown.
 * The editor signs in through the API from a loopback address of its own (127.0.0.8), once per
 * worker: the server allows 20 sign-in links an hour per client address.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { apiGet, apiSignIn, deviceSignedIn, expect, noSeriousViolations, screenshot, test, unique } from './fixtures';
import { agreeToLicence, gpsJpeg } from './photos';

const EDITOR_ADDRESS = '127.0.0.8';

interface ListedArtwork {
  id: string;
  title: string;
  status: string;
  tags: Record<string, string>;
}

interface TagSchemaBody {
  data: { tags: Array<{ key: string; kind: { type: string; values?: string[] } }> };
}

/**
 * Serves the server's tag schema as a page that loaded it before a release would hold it: with
 * `value` still among `key`'s values, which the server now refuses.
 */
async function staleTagSchema(page: Page, key: string, value: string): Promise<void> {
  await page.route('**/api/tags/schema', async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as TagSchemaBody;
    const tag = body.data.tags.find((t) => t.key === key);
    expect(tag?.kind.values, `${key} is an enum of the schema`).toBeDefined();
    tag!.kind.values!.push(value);
    await route.fulfill({ response, json: body });
  });
}

/** Answers requests for the cities' photos with `jpeg`, as their sites would. */
async function servePhotos(page: Page, jpeg: Buffer): Promise<void> {
  await page.route(/^https:\/\/(www\.cambridgema\.gov|opendata\.vancouver\.ca)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: jpeg }),
  );
}

/** A known artist with a plain name, at random (a name a person could type). */
async function someArtist(page: Page): Promise<string> {
  const first = await apiGet<{ pagination: { total_pages: number } }>(page, '/artists?limit=50&page=1');
  for (let attempt = 0; attempt < 10; attempt++) {
    const n = 1 + Math.floor(Math.random() * first.pagination.total_pages);
    const { artists } = await apiGet<{ artists: Array<{ name: string }> }>(page, `/artists?limit=50&page=${n}`);
    const plain = artists.map((a) => a.name).filter((name) => /^[A-Z][a-z]+( [A-Z][a-z]+){1,2}$/.test(name));
    if (plain.length) return plain[Math.floor(Math.random() * plain.length)]!;
  }
  throw new Error('no artist with a plain name found');
}

/**
 * An approved imported artwork whose details hold a photo on the city's site (a .jpg address),
 * an operator and a material, and no height or inscription, at random, so that runs (both projects, --repeat-each) take
 * different ones.
 */
async function importedArtworkWithPhoto(page: Page): Promise<ListedArtwork> {
  const first = await apiGet<{ pagination: { total_pages: number } }>(page, '/artworks?limit=50&page=1');
  for (let attempt = 0; attempt < 30; attempt++) {
    const n = 1 + Math.floor(Math.random() * first.pagination.total_pages);
    const { artworks } = await apiGet<{ artworks: ListedArtwork[] }>(page, `/artworks?limit=50&page=${n}`);
    const fits = artworks.filter(
      (a) =>
        a.status === 'approved' &&
        /^[\w ,.'()&-]{3,60}$/.test(a.title) &&
        /\.jpe?g$/i.test(a.tags.photo_url ?? '') &&
        Boolean(a.tags.operator) &&
        !a.tags.height &&
        !a.tags.inscription &&
        ['bronze', 'stone', 'metal', 'concrete', 'wood', 'paint', 'ceramic', 'glass', 'mixed', 'other'].includes(a.tags.material ?? ''),
    );
    if (fits.length) return fits[Math.floor(Math.random() * fits.length)]!;
  }
  throw new Error('no imported artwork with a photo address found');
}

let editor: Promise<string> | undefined;

/** The editor's session token: signed in once per worker. */
function editorToken(): Promise<string> {
  editor ??= apiSignIn(EDITOR_ADDRESS, `e2e-forms-${unique()}@example.org`);
  return editor;
}

/** An element's box on the page. */
async function box(element: Locator) {
  const b = await element.boundingBox();
  expect(b, `${element.toString()} has a box`).not.toBeNull();
  return b!;
}

test('a new artwork: details from the schema, a refused one at its row, problems gone once fixed, a known artist offered', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = unique();
  const title = `E2E form ${run}`;
  const newArtist = `E2E Newcomer ${run}`;
  await staleTagSchema(page, 'material', 'steel');
  await page.goto('/');
  const artist = await someArtist(page);
  const at = { lat: 49.28 + Math.random() * 0.01, lon: -123.12 + Math.random() * 0.01 };
  const photo = await gpsJpeg(page, at, 300 + Math.floor(Math.random() * 60));

  await page.goto(`/artwork/new?lat=${at.lat.toFixed(6)}&lng=${at.lon.toFixed(6)}`);
  const form = page.getByRole('form', { name: 'New artwork' });
  await page.getByTestId('photo-picker-input').setInputFiles({ name: 'form.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);

  // A problem goes as soon as its field is fixed.
  const submit = form.getByRole('button', { name: 'Submit artwork' });
  await submit.click();
  const titleBox = form.getByRole('textbox', { name: 'Title' });
  const titleMissing = form.getByText('Give the artwork a title (or a short description if you don’t know it)');
  await expect(titleMissing).toBeVisible();
  await expect(titleBox).toBeFocused();
  await expect(titleBox).toHaveAttribute('aria-invalid', 'true');
  await titleBox.fill(title);
  await expect(titleMissing).toHaveCount(0);
  await expect(titleBox).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText('Please agree to publish your photos under the licence')).toBeVisible();
  await agreeToLicence(page);
  await expect(form.getByText('Please agree to publish your photos under the licence')).toHaveCount(0);

  // Details: chosen by category (not the form's own fields), or written.
  await form.getByRole('button', { name: 'Add a detail' }).click();
  const name1 = form.getByRole('combobox', { name: 'Detail 1 name' });
  await expect(name1.locator('optgroup')).toHaveCount(5);
  expect(await name1.locator('optgroup').evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label))).toEqual([
    'Classification',
    'Physical properties',
    'History',
    'Location',
    'References',
  ]);
  expect(await name1.locator('option').allTextContents()).not.toContain('Tourism');
  await name1.selectOption('heritage');
  const value1 = form.getByRole('combobox', { name: 'Detail 1 value' });
  await expect(value1.getByRole('option', { name: 'World heritage' })).toHaveCount(1);
  await name1.selectOption('year');
  await expect(form.getByRole('spinbutton', { name: 'Detail 1 value' })).toHaveAttribute('max', '2100');
  await name1.selectOption('material');
  await value1.selectOption('steel');
  await form.getByRole('button', { name: 'Add a detail' }).click();
  await form.getByRole('combobox', { name: 'Detail 2 name' }).selectOption({ label: 'Other…' });
  await form.getByRole('textbox', { name: 'Detail 2 other name' }).fill('opening hours');
  await form.getByRole('textbox', { name: 'Detail 2 value' }).fill('Always open');

  // Artists: a known one offered as the person types, spelt as the registry knows it; a new name.
  const search = form.getByRole('searchbox', { name: 'Find an artist to add' });
  await search.pressSequentially(artist.slice(0, -2));
  await form.getByRole('button', { name: `Add ${artist}`, exact: true }).first().click();
  await search.fill(newArtist);
  await form.getByRole('button', { name: `Add “${newArtist}” as a new artist` }).click();
  const credited = form.getByRole('list', { name: 'Credited artists' });
  await expect(credited.getByRole('listitem')).toHaveText([artist, `${newArtist} (new artist)`]);

  // The written name is checked at its row, and the problem goes once it is a name.
  await submit.click();
  const rows = page.getByTestId('new-artwork-tags').getByRole('listitem');
  const writtenName = form.getByRole('textbox', { name: 'Detail 2 other name' });
  await expect(rows.nth(1).getByRole('alert')).toHaveText(/A detail name is lowercase letters, digits/);
  await expect(writtenName).toBeFocused();
  await writtenName.fill('opening_hours');
  await expect(rows.nth(1).getByRole('alert')).toHaveCount(0);

  // The server refuses the material the page's schema still offered: at its row, focused.
  const [refused] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logbook' && r.request().method() === 'POST'),
    submit.click(),
  ]);
  expect(refused.status()).toBe(400);
  const refusal = rows.nth(0).getByRole('alert');
  await expect(refusal).toHaveText(/^Material must be one of: bronze, /);
  await expect(value1).toBeFocused();
  await expect(value1).toHaveAttribute('aria-invalid', 'true');
  await expect(rows.nth(1).getByRole('alert')).toHaveCount(0);
  await noSeriousViolations(page, `${testInfo.project.name} new artwork with a refused detail`);
  await screenshot(page, testInfo, 'forms-new-artwork-refused', { fullPage: true });
  await value1.selectOption('bronze');
  await expect(refusal).toHaveCount(0);
  await expect(value1).not.toHaveAttribute('aria-invalid');

  const [sent] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logbook' && r.request().method() === 'POST'),
    submit.click(),
  ]);
  expect(sent.status()).toBe(201);
  await expect(page.getByTestId('submission-receipt')).toBeVisible({ timeout: 30_000 });
  const receiptId = ((await sent.json()) as { data: { id: string } }).data.id;

  // What the server has: the details as chosen, the artists as named.
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  expect(token).toBeTruthy();
  const mine = await page.request.get('/api/me/submissions?limit=20', { headers: { 'X-User-Token': token! } });
  expect(mine.ok()).toBeTruthy();
  const { submissions } = ((await mine.json()) as { data: { submissions: Array<{ id: string; tags: object; artists: string[] }> } }).data;
  const submission = submissions.find((s) => s.id === receiptId);
  expect(submission?.tags).toEqual({ material: 'bronze', opening_hours: 'Always open' });
  expect(submission?.artists).toEqual([artist, newArtist]);
});

test('the edit form: details by category in readable columns, each with its control, Clear beside values only, the photo shown; problems go once fixed', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const device = await deviceSignedIn(browser, testInfo, baseURL!, await editorToken());
  const page = device.page;
  try {
    await page.goto('/');
    await servePhotos(page, await gpsJpeg(page, { lat: 42.37, lon: -71.1 }, 90));
    await staleTagSchema(page, 'material', 'steel');
    const artwork = await importedArtworkWithPhoto(page);
    await page.goto(`/artwork/${artwork.id}/edit`);
    const form = page.getByRole('form', { name: 'Edit artwork' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${artwork.title}`);

    // Each detail with the control its kind calls for, in its category.
    const physical = form.getByRole('group', { name: 'Physical properties' });
    const material = physical.getByRole('combobox', { name: 'Material' });
    await expect(material).toHaveValue(artwork.tags.material!);
    await expect(material.getByRole('option', { name: 'Bronze' })).toHaveCount(1);
    const height = physical.getByRole('spinbutton', { name: 'Height (m)' });
    await expect(height).toHaveAttribute('min', '0.1');
    await expect(form.getByLabel('Website', { exact: true })).toHaveAttribute('type', 'url');
    await expect(form.getByRole('textbox', { name: 'Wikidata' })).toHaveAttribute('pattern', 'Q\\d+');
    await expect(form.getByRole('textbox', { name: 'Inscription' })).toHaveJSProperty('tagName', 'TEXTAREA');
    const operator = form.getByRole('textbox', { name: 'Operator' });
    await expect(operator).toHaveValue(artwork.tags.operator!);
    await expect(form.getByLabel('Tourism')).toHaveCount(0);

    // Clear only beside a value.
    await expect(form.getByRole('button', { name: 'Clear operator' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Clear height (m)' })).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Clear inscription' })).toHaveCount(0);

    // The imported photo, above its address, with its source.
    const photo = form.getByRole('img', { name: `Photo of ${artwork.title}` });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(form.getByTestId('detail-photo')).toContainText('Source: www.cambridgema.gov');
    await expect(form.getByRole('textbox', { name: 'Photo url' })).toHaveValue(artwork.tags.photo_url!);

    // Readable: two columns on desktop, one on phones; short values in short inputs; nothing clipped.
    const [m, h, o] = [await box(material), await box(height), await box(operator)];
    if (testInfo.project.name === 'desktop') {
      expect(Math.abs(m.y - h.y), 'Material and Height side by side').toBeLessThan(2);
      expect(h.x).toBeGreaterThan(m.x + m.width);
    } else {
      expect(h.y, 'Height below Material').toBeGreaterThan(m.y + m.height);
      expect(Math.abs(h.x - m.x)).toBeLessThan(2);
    }
    expect(h.width, 'a number is a short input').toBeLessThan(o.width);
    // (An address may run past its input; text may not, nor a long text below its textarea.)
    const clipped = await form.locator('.field-grid input:not([type=url]), .field-grid textarea').evaluateAll((fields) =>
      fields
        .filter((f) => f.scrollWidth > f.clientWidth + 1 || f.scrollHeight > f.clientHeight + 1)
        .map((f) => `${f.id}: ${(f as HTMLInputElement).value}`),
    );
    expect(clipped, 'no detail’s value clipped').toEqual([]);
    await noSeriousViolations(page, `${testInfo.project.name} artwork edit form`);
    await screenshot(page, testInfo, 'forms-edit', { fullPage: true });

    // A problem the form finds goes as soon as the value fits.
    const submit = form.getByRole('button', { name: 'Submit changes' });
    const problems = page.getByTestId('edit-problems');
    await height.fill('900');
    await submit.click();
    await expect(problems).toContainText('Height (m): Height (m) must be a number between 0.1 and 500');
    await expect(height).toBeFocused();
    await expect(height).toHaveAttribute('aria-invalid', 'true');
    await height.fill('9');
    await expect(problems).toHaveCount(0);
    await expect(height).not.toHaveAttribute('aria-invalid');

    // One the server finds (the material the page's schema still offered) goes once the material changes.
    await material.selectOption('steel');
    const [check] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/artwork/${artwork.id}/edit/validate`),
      submit.click(),
    ]);
    expect(check.status()).toBe(200);
    await expect(problems).toContainText(/Material: Material must be one of: bronze, /);
    await expect(material).toHaveAttribute('aria-invalid', 'true');
    await expect(material).toBeFocused();
    await noSeriousViolations(page, `${testInfo.project.name} artwork edit form with problems`);
    await height.fill('8');
    await expect(material).toHaveAttribute('aria-invalid', 'true');
    await material.selectOption('stone');
    await expect(problems).toHaveCount(0);
    await expect(material).not.toHaveAttribute('aria-invalid');
    expect(device.errors, 'uncaught errors in the page').toEqual([]);
  } finally {
    await device.context.close();
  }
});

test('the artwork page shows an imported photo among its details, with its source', async ({ page }, testInfo) => {
  await page.goto('/');
  await servePhotos(page, await gpsJpeg(page, { lat: 42.37, lon: -71.1 }, 150));
  const artwork = await importedArtworkWithPhoto(page);
  await page.goto(`/artwork/${artwork.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(artwork.title);
  const details = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Details', exact: true }) });
  const photo = details.getByRole('img', { name: `Photo of ${artwork.title}` });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const figure = details.getByTestId('detail-photo');
  await expect(figure.getByRole('link', { name: /www\.cambridgema\.gov/ })).toHaveAttribute('href', artwork.tags.photo_url!);
  await expect(details.getByText(artwork.tags.photo_url!, { exact: true })).toHaveCount(0);
  await noSeriousViolations(page, `${testInfo.project.name} artwork page with a photo detail`);
});
