/**
 * Saving artworks (issue 13's acceptance test), against the real server, as an anonymous visitor
 * (anyone has lists; the identity is the anonymous token):
 *
 * 1. On the map, an artwork's preview card saves it to Loved with one press: the toggle is pressed
 *    and its count one up at once, and the artwork's page, read afresh, says the same.
 * 2. On the artwork's page, "Save to list…" creates a new list and saves the artwork to it; the
 *    list shows checked in the dialog, which Escape closes.
 * 3. /profile's Lists section has Loved and the new list, one artwork each; the new list's page
 *    shows the artwork's card.
 *
 * axe-core checks the dialog and the list's page on the way. Both projects run against one server:
 * the Loved count is read before the press, not assumed.
 */
import type { Locator, Page } from '@playwright/test';
import { a11yViolations, expect, expectTitle, formatFindings, isSerious, previewFirstListed, screenshot, test, toasts, unique } from './fixtures';

/** The count a toggle shows once the counts have loaded ("Loved 3" → 3). */
async function countOf(scope: Locator, name: string): Promise<number> {
  const toggle = scope.getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
  await expect(toggle).toBeEnabled();
  const text = (await toggle.textContent()) ?? '';
  const n = Number(/(\d+)\s*$/.exec(text)?.[1]);
  expect(Number.isInteger(n), `a count on the ${name} toggle: "${text}"`).toBe(true);
  return n;
}

async function noSeriousFindings(page: Page, where: string): Promise<void> {
  const serious = (await a11yViolations(page)).filter(isSerious);
  expect(serious, formatFindings(`${where} ${page.url()}`, serious)).toEqual([]);
}

test('save from the map’s preview card to Loved, then to a new list from the artwork’s page, and find it from /profile', async ({ page }, testInfo) => {
  // 1. The map's preview card.
  const { preview, title } = await previewFirstListed(page);

  const before = await countOf(preview, 'Loved');
  const loved = preview.getByRole('button', { name: new RegExp('^Loved \\d+$') });
  await expect(loved).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/lists\/[0-9a-f-]{36}\/items$/.test(r.url()));
  await loved.click();
  await expect(loved).toHaveAttribute('aria-pressed', 'true');
  await expect(loved).toHaveAccessibleName(`Loved ${before + 1}`);
  expect((await saved).status()).toBe(200);
  await screenshot(page, testInfo, 'map-preview-loved');

  // The artwork's page reads the counts afresh: the server has it.
  await preview.getByRole('link', { name: 'View details' }).click();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  const artworkUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const toggles = page.getByRole('group', { name: 'Save this artwork' });
  await expect(toggles.getByRole('button', { name: `Loved ${before + 1}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(toggles.getByRole('button', { name: /^Visited \d+$/ })).toHaveAttribute('aria-pressed', 'false');

  // 2. "Save to list…": a new list, with the artwork in it.
  const listName = `Walk ${unique()}`;
  const opener = page.getByRole('button', { name: 'Save to list…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Save to list' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/You have no lists of your own yet/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New list name' }).fill(listName);
  await dialog.getByRole('button', { name: 'Create and save' }).click();
  await expect(toasts(page).getByText(`Saved to ${listName}`)).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: listName })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'New list name' })).toHaveValue('');
  await noSeriousFindings(page, 'save-to-list dialog');
  await screenshot(page, testInfo, 'save-to-list');
  await dialog.getByRole('textbox', { name: 'New list name' }).press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // 3. /profile's Lists, and the list's page.
  await page.goto('/profile');
  const yourLists = page.getByRole('list', { name: 'Your lists' });
  await expect(yourLists.getByRole('link', { name: /^Loved/ })).toContainText('1 artwork · Private');
  const listLink = yourLists.getByRole('link', { name: new RegExp(`^${listName}`) });
  await expect(listLink).toContainText('1 artwork · Private');
  await screenshot(page, testInfo, 'profile-lists');
  await listLink.click();

  await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listName);
  await expectTitle(page, listName);
  await expect(page.getByText('1 artwork · Private')).toBeVisible();
  const cards = page.getByRole('list', { name: `Artworks in ${listName}` }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  const card = cards.first().getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(card).toHaveAttribute('href', new URL(artworkUrl).pathname);
  await expect(page.getByRole('switch', { name: 'Public' })).not.toBeChecked();
  await noSeriousFindings(page, 'list page');
  await screenshot(page, testInfo, 'list-page');
});
