/**
 * Editing an artwork, its review and its revert end to end (issue 12's acceptance test), against
 * the real server:
 *
 * 1. A new user signs in by the outbox mail and chooses a profile name (the name the history
 *    credits), opens an imported demo artwork that has a description, and on its edit page
 *    changes the title and clears the description; the artwork's page then says the edit waits.
 * 2. A moderator, granted by the CLI (`plinth admin grant`) and signed in on another device,
 *    finds the edit in /review's "Artwork edits" tab, sees each field as it is now with the words
 *    the edit adds and removes marked (<ins>, <del>), and approves both fields.
 * 3. The artwork's page shows the new title and no description; its history's newest entry is the
 *    edit, both changes in it, credited to the user and the moderator; the artwork as of the entry
 *    before it has the old title.
 * 4. The moderator reverts the edit with a reason: the old title and description are back, and the
 *    history's newest entry is the revert with its reason.
 *
 * axe-core checks the edit page, the edit under review and the revert dialog on the way.
 *
 * Each run of the test asks for two sign-in links (the user's and the moderator's), and the
 * server allows 20 an hour from one client: against one server (global setup starts one per
 * `playwright test`), `--repeat-each` above 4 with both projects runs into that limit ("Too many
 * sign-in requests"); repeat it with separate runs instead.
 */
import type { Page } from '@playwright/test';
import { approveSelected, asModeratorElsewhere, expectEditWaiting, findInReview, importedUnedited, MODERATOR_NAME, openEditPage, reloadUntil } from './editing';
import { chooseProfileName, expect, noSeriousViolations, screenshot, signInByMail, test, toasts, unique } from './fixtures';

interface ListedArtwork {
  id: string;
  title: string;
  description: string | null;
  status: string;
}

/** The artwork page's "About" section: its description. */
const about = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'About', exact: true }) });

/**
 * An approved demo artwork, still as imported (no earlier run edited it), with a short one-line
 * description.
 */
function importedArtworkWithDescription(page: Page): Promise<ListedArtwork> {
  return importedUnedited<ListedArtwork>(
    page,
    'artwork',
    (a) =>
      a.status === 'approved' &&
      /^[\w ,.'&-]{3,60}$/.test(a.title) &&
      a.title.trim() === a.title &&
      !!a.description &&
      a.description.length >= 20 &&
      a.description.length <= 240 &&
      !/[\n\\]/.test(a.description) &&
      a.description.trim() === a.description,
    'artwork with a short description',
  );
}

test('an edit to the title and description, approved, in the history, as of before it, then reverted', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const run = unique();
  const userEmail = `e2e-editor-${run}-${testInfo.project.name}@example.org`;
  const profileName = `e2e-${run}`;
  const reason = `E2E revert ${run}: the old title is right`;

  // (1) A new user signs in and chooses a profile name.
  await signInByMail(page, userEmail);
  await chooseProfileName(page, profileName);

  const artwork = await importedArtworkWithDescription(page);
  const oldTitle = artwork.title;
  const oldDescription = artwork.description!;
  const newTitle = `E2E ${oldTitle} ${run}`.slice(0, 120);

  // The artwork's page, its Edit link, and the edit page.
  await page.goto(`/artwork/${artwork.id}`);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(oldTitle);
  await expect(about(page)).toContainText(oldDescription);
  // The shell moves focus to the edit page's heading once it has settled (at most 1 s).
  const form = await openEditPage(page, 'artwork', artwork.id, oldTitle);
  const titleBox = form.getByRole('textbox', { name: 'Title', exact: true });
  const descriptionBox = form.getByRole('textbox', { name: 'Description', exact: true });
  await expect(titleBox).toHaveValue(oldTitle);
  await expect(descriptionBox).toHaveValue(oldDescription);
  await noSeriousViolations(page, `${testInfo.project.name} edit page`);

  await titleBox.fill(newTitle);
  await form.getByRole('button', { name: 'Clear description' }).click();
  await expect(descriptionBox).toHaveValue('');
  await expect(descriptionBox).toBeFocused();
  await screenshot(page, testInfo, 'edits-edit-page');
  await form.getByRole('button', { name: 'Submit changes' }).click();

  // Back on the artwork's page: thanks, the edit waiting, and the current values.
  const pendingBanner = await expectEditWaiting(page, 'artwork', artwork.id, 'the title and description');
  await expect(h1).toHaveText(oldTitle);
  await screenshot(page, testInfo, 'edits-pending');

  // (2) A moderator on another device approves the edit in /review.
  const moderatorEmail = `e2e-edit-mod-${run}-${testInfo.project.name}@example.org`;
  await asModeratorElsewhere(browser, testInfo, baseURL!, moderatorEmail, async (m) => {
    const item = await findInReview(m, 'Artwork edits', m.getByRole('link', { name: oldTitle, exact: true }), profileName);
    await expect(item).toContainText('Changes the title and description');
    await item.getByRole('button', { name: `Review the edit to ${oldTitle}` }).click();

    const detail = m.getByTestId('edit-detail');
    await expect(detail.getByRole('heading', { level: 2, name: `Edit to ${oldTitle}` })).toBeVisible();
    await expect(detail).toContainText(`Proposed by ${profileName}`);
    const rows = detail.getByTestId('edit-field');
    await expect(rows).toHaveCount(2);
    const field = (label: string) => rows.filter({ has: m.getByRole('heading', { level: 3, name: label, exact: true }) });
    const titleRow = field('Title');
    const descriptionRow = field('Description');
    // Each field as it is now, with the words the edit adds marked as insertions (<ins>) and those
    // it removes as deletions (<del>): the new title adds a word before the old one and one after.
    await expect(titleRow).toContainText(oldTitle);
    await expect(titleRow.getByRole('insertion')).toHaveText([/\bE2E\b/, new RegExp(`\\b${run}\\b`)]);
    await expect(titleRow.getByRole('deletion')).toHaveCount(0);
    // The description, cleared: all of it removed, nothing added.
    await expect(descriptionRow.getByRole('deletion')).toHaveCount(1);
    await expect(descriptionRow.getByRole('deletion')).toContainText(oldDescription);
    await expect(descriptionRow.getByRole('insertion')).toHaveCount(0);
    await expect(descriptionRow).toContainText('(cleared)');
    // Screen readers are told which words are which.
    await expect(titleRow.getByRole('insertion').first()).toContainText('added: E2E');
    await expect(descriptionRow.getByRole('deletion')).toContainText('removed:');
    // Nothing changed since it was proposed.
    await expect(rows.filter({ hasText: 'Changed since the proposal was made' })).toHaveCount(0);
    await expect(detail.getByRole('checkbox', { name: 'Apply Title' })).toBeChecked();
    await expect(detail.getByRole('checkbox', { name: 'Apply Description' })).toBeChecked();
    await noSeriousViolations(m, `${testInfo.project.name} edit review`);
    await screenshot(m, testInfo, 'edits-review');
    await approveSelected(m, detail, item);

    // (3) The artwork's page: the new title, no description, and no edit waiting any more.
    await reloadUntil(page, h1, newTitle);
    await expect(about(page)).toHaveCount(0);
    await expect(pendingBanner).toHaveCount(0);

    // Its history: the edit, newest, with both changes, credited to the user and the moderator.
    const changes = page.getByRole('list', { name: `Changes to ${newTitle}` }).getByTestId('history-entry');
    const edited = changes.first();
    await expect(edited.locator('.history__meta strong')).toHaveText('Edited');
    await expect(edited).toContainText(`by ${profileName}, approved by ${MODERATOR_NAME}`);
    const editChanges = edited.getByRole('listitem');
    await expect(editChanges).toHaveText([`title: ${oldTitle} → ${newTitle}`, `description: ${oldDescription} → —`]);
    await screenshot(page, testInfo, 'edits-history');

    // As of the change before the edit (the import), the artwork has its old title and description.
    const before = changes.nth(1);
    await expect(before.locator('.history__meta strong')).toHaveText('Imported from a dataset');
    await before.getByRole('link', { name: /^View as of this change/ }).click();
    await expect(page).toHaveURL(new RegExp(`/artwork/${artwork.id}\\?as_of=`));
    await expect(page.getByRole('status').filter({ hasText: 'You are viewing this artwork as it was on' })).toBeVisible();
    await expect(h1).toHaveText(oldTitle);
    await expect(about(page)).toContainText(oldDescription);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the current version' }).click();
    await expect(h1).toHaveText(newTitle);

    // (4) The moderator reverts the edit from the artwork's history.
    await m.goto(`/artwork/${artwork.id}`);
    await expect(m.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    const modChanges = m.getByRole('list', { name: `Changes to ${newTitle}` }).getByTestId('history-entry');
    await expect(modChanges.first().locator('.history__meta strong')).toHaveText('Edited');
    await modChanges.first().getByRole('button', { name: /^Revert this change \(Edited/ }).click();
    const dialog = m.getByRole('dialog', { name: 'Revert this change' });
    await expect(dialog).toContainText(`title: ${oldTitle} → ${newTitle}`);
    await noSeriousViolations(m, `${testInfo.project.name} revert dialog`);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await screenshot(m, testInfo, 'edits-revert-dialog');
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect(toasts(m).getByText('Change reverted')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(m.getByRole('heading', { level: 1 })).toHaveText(oldTitle);
    await expect(about(m)).toContainText(oldDescription);
    const reverted = m.getByRole('list', { name: `Changes to ${oldTitle}` }).getByTestId('history-entry').first();
    await expect(reverted.locator('.history__meta strong')).toHaveText('Reverted a change');
    await expect(reverted).toContainText(`by ${MODERATOR_NAME}`);
    await expect(reverted).toContainText(`Reason: ${reason}`);
    await expect(reverted.getByRole('listitem')).toHaveText([`title: ${newTitle} → ${oldTitle}`, `description: — → ${oldDescription}`]);
    await screenshot(m, testInfo, 'edits-reverted');

    // Anyone sees the old title again.
    await reloadUntil(page, h1, oldTitle);
    await expect(about(page)).toContainText(oldDescription);
    await expect(page.getByRole('list', { name: `Changes to ${oldTitle}` }).getByTestId('history-entry').first()).toContainText(
      `Reason: ${reason}`,
    );
  });
});
