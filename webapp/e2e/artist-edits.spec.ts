/**
 * Artist edits and new artists end to end, against the real server:
 *
 * 1. A new user signs in by the outbox mail and chooses a profile name (the name the history
 *    credits), opens an imported demo artist that has a website and no other names, and on its
 *    edit page changes the biography, clears the website and adds another name; the artist's
 *    page then says the edit waits.
 *    A moderator, granted by the CLI and signed in on another device, finds the edit in /review's
 *    "Artist edits" tab, sees each field as it is now with the words the edit adds and removes
 *    marked (<ins>, <del>), and approves it.
 *    The artist's page shows the new biography and other name and no website; its history's
 *    newest entry is the edit, each change in it, credited to the user and the moderator.
 * 2. A signed-in user proposes a new artist on /artist/new (from the index's "Add an artist"); a
 *    moderator approves it, labelled "New artist", in the same tab; the artist's page then exists
 *    at the id the proposal's receipt gave, with the name, biography and year of birth proposed.
 *
 * axe-core checks the artist edit page and the edit under review on the way. Each test asks for
 * two sign-in links (see edits.spec.ts on the server's limit of 20 an hour from one client).
 */
import type { Page } from '@playwright/test';
import { approveSelected, asModeratorElsewhere, expectEditWaiting, findInReview, importedUnedited, MODERATOR_NAME, openEditPage, reloadUntil } from './editing';
import { chooseProfileName, expect, noSeriousViolations, screenshot, signInByMail, test, toasts, unique } from './fixtures';

interface ListedArtist {
  id: string;
  name: string;
  aliases: string[];
  biography: string | null;
  website: string | null;
}

/** The artist page's biography section. */
const biography = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Biography', exact: true }) });
/** A fact of the artist page's list ("Also known as", "Website", "Born"): its value. */
const fact = (page: Page, label: string) =>
  biography(page).locator('.tag-list__row').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

/** An artist still as imported (no earlier run edited them) with a website and no other names. */
function importedArtistWithWebsite(page: Page): Promise<ListedArtist> {
  return importedUnedited<ListedArtist>(
    page,
    'artist',
    (a) =>
      /^[\w .,'&-]{3,60}$/.test(a.name) && a.name.trim() === a.name && a.aliases.length === 0 && !!a.website && /^https?:\/\/\S+$/.test(a.website),
    'artist with a website',
  );
}

/**
 * A moderator's review of the item `name` (by `proposer`) in the "Artist edits" tab, reloading
 * /review until it is listed: its row and its detail, opened with `review` (the row's button).
 */
async function openArtistEdit(m: Page, name: string, proposer: string, review: string) {
  const item = await findInReview(m, 'Artist edits', m.locator('.edit-item__title').getByText(name, { exact: true }), proposer);
  await item.getByRole('button', { name: review }).click();
  const detail = m.getByTestId('edit-detail');
  await expect(detail.getByTestId('edit-field').first()).toBeVisible();
  return { item, detail };
}

test('an artist edit: biography changed, website cleared, another name added; approved; in the history', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = unique();
  const profileName = `e2e-${run}`;
  const newBiography = `E2E biography ${run}: a sculptor of public works.`;
  const alias = `E2E alias ${run}`;

  await signInByMail(page, `e2e-artist-editor-${run}-${testInfo.project.name}@example.org`);
  await chooseProfileName(page, profileName);
  const artist = await importedArtistWithWebsite(page);
  const oldWebsite = artist.website!;

  // The artist's page, its Edit link, and the edit page.
  await page.goto(`/artist/${artist.id}`);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(artist.name);
  const form = await openEditPage(page, 'artist', artist.id, artist.name);
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(artist.name);
  const websiteBox = form.getByRole('textbox', { name: 'Website', exact: true });
  await expect(websiteBox).toHaveValue(oldWebsite);
  await noSeriousViolations(page, `${testInfo.project.name} artist edit page`);

  await form.getByRole('textbox', { name: 'Biography', exact: true }).fill(newBiography);
  await form.getByRole('button', { name: 'Clear website' }).click();
  await expect(websiteBox).toHaveValue('');
  const otherNames = form.getByRole('group', { name: 'Also known as' });
  await otherNames.getByRole('textbox', { name: 'Another name' }).fill(alias);
  await otherNames.getByRole('button', { name: 'Add name' }).click();
  await expect(otherNames.getByRole('list', { name: 'Other names' }).getByRole('listitem')).toHaveText([alias]);
  await screenshot(page, testInfo, 'artist-edits-edit-page');
  await form.getByRole('button', { name: 'Submit changes' }).click();

  // Back on the artist's page: thanks, and the edit waiting.
  const pendingBanner = await expectEditWaiting(page, 'artist', artist.id, 'the other names, biography, and website');

  // A moderator on another device approves the edit in /review.
  const moderatorEmail = `e2e-artist-mod-${run}-${testInfo.project.name}@example.org`;
  await asModeratorElsewhere(browser, testInfo, baseURL!, moderatorEmail, async (m) => {
    const { item, detail } = await openArtistEdit(m, artist.name, profileName, `Review the edit to ${artist.name}`);
    await expect(detail.getByRole('heading', { level: 2, name: `Edit to ${artist.name}` })).toBeVisible();
    await expect(detail).toContainText(`Proposed by ${profileName}`);
    const rows = detail.getByTestId('edit-field');
    await expect(rows).toHaveCount(3);
    const row = (label: string) => rows.filter({ has: m.getByRole('heading', { level: 3, name: label, exact: true }) });
    // Each field as it is now, with the words the edit adds marked as insertions (<ins>) and those
    // it removes as deletions (<del>): the other name all added, the website all removed.
    await expect(row('Also known as').getByRole('insertion')).toHaveText(new RegExp(`^added: ${alias} \\(end added\\)$`));
    await expect(row('Also known as').getByRole('deletion')).toHaveCount(0);
    await expect(row('Website').getByRole('deletion')).toContainText(oldWebsite);
    await expect(row('Website').getByRole('insertion')).toHaveCount(0);
    await expect(row('Website')).toContainText('(cleared)');
    // The new biography's own words are among those added.
    await expect(row('Biography').getByRole('insertion').filter({ hasText: run })).toHaveCount(1);
    for (const label of ['Also known as', 'Biography', 'Website']) {
      await expect(detail.getByRole('checkbox', { name: `Apply ${label}` })).toBeChecked();
    }
    await noSeriousViolations(m, `${testInfo.project.name} artist edit review`);
    await screenshot(m, testInfo, 'artist-edits-review');
    await approveSelected(m, detail, item);

    // The artist's page: the new values, and no edit waiting any more.
    await reloadUntil(page, biography(page).locator('.prose'), newBiography);
    await expect(fact(page, 'Also known as')).toHaveText(alias);
    await expect(fact(page, 'Website')).toHaveCount(0);
    await expect(pendingBanner).toHaveCount(0);

    // Its history: the edit, newest, each change in it, credited to the user and the moderator.
    const edited = page.getByRole('list', { name: `Changes to ${artist.name}` }).getByTestId('history-entry').first();
    await expect(edited.locator('.history__meta strong')).toHaveText('Edited');
    await expect(edited).toContainText(`by ${profileName}, approved by ${MODERATOR_NAME}`);
    const change = (label: string) => edited.getByRole('listitem').filter({ hasText: `${label}:` });
    await expect(change('Also known as')).toHaveText(`Also known as: — → ${alias}`);
    await expect(change('Website')).toHaveText(`Website: ${oldWebsite} → —`);
    await expect(change('Biography')).toContainText(`→ ${newBiography}`);
    await screenshot(page, testInfo, 'artist-edits-history');
  });
});

test('a new artist, proposed and approved, has their page', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const run = unique();
  const profileName = `e2e-${run}`;
  const name = `E2E Artist ${run}`;
  const bio = `E2E new artist ${run}, proposed from the web app.`;

  await signInByMail(page, `e2e-new-artist-${run}-${testInfo.project.name}@example.org`);
  await chooseProfileName(page, profileName);
  await page.goto('/artists');
  await page.getByRole('link', { name: 'Add an artist' }).click();
  await expect(page).toHaveURL(/\/artist\/new$/);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText('New artist');
  await expect(h1).toBeFocused();
  const form = page.getByRole('form', { name: 'New artist' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Biography', exact: true }).fill(bio);
  await form.getByRole('spinbutton', { name: 'Born', exact: true }).fill('1961');
  const [proposed] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/artists' && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Propose artist' }).click(),
  ]);
  expect(proposed.status()).toBe(201);
  const artistId = ((await proposed.json()) as { data: { artist_id: string } }).data.artist_id;

  const receipt = page.getByTestId('artist-receipt');
  await expect(receipt.getByRole('heading', { name: `${name} proposed` })).toBeFocused();
  await expect(receipt).toContainText('Pending review');
  await expect(toasts(page).getByText('Thanks! The artist will appear once a moderator approves them.')).toBeVisible();
  await screenshot(page, testInfo, 'artist-edits-new-receipt');

  const moderatorEmail = `e2e-new-artist-mod-${run}-${testInfo.project.name}@example.org`;
  await asModeratorElsewhere(browser, testInfo, baseURL!, moderatorEmail, async (m) => {
    const { item, detail } = await openArtistEdit(m, name, profileName, `Review the new artist ${name}`);
    await expect(item).toContainText('New artist');
    await expect(detail.getByRole('heading', { level: 2, name: `New artist: ${name}` })).toBeVisible();
    await expect(detail.getByRole('checkbox', { name: 'Apply Name' })).toBeChecked();
    await expect(detail.getByRole('checkbox', { name: 'Apply Name' })).toBeDisabled();
    await detail.getByRole('button', { name: 'Approve selected' }).click();
    await expect(toasts(m).getByText('New artist approved')).toBeVisible();
    await expect(item).toHaveCount(0);

    // The artist's page exists now, at the id the receipt gave.
    await expect(async () => {
      await page.goto(`/artist/${artistId}`);
      await expect(h1).toHaveText(name, { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(biography(page).locator('.prose')).toHaveText(bio);
    await expect(fact(page, 'Born')).toHaveText('1961');
    const created = page.getByRole('list', { name: `Changes to ${name}` }).getByTestId('history-entry').first();
    await expect(created).toContainText(`by ${profileName}, approved by ${MODERATOR_NAME}`);
    await expect(created.getByRole('listitem').filter({ hasText: 'Name:' })).toHaveText(`Name: — → ${name}`);
    await screenshot(page, testInfo, 'artist-edits-new-artist');
  });
});
