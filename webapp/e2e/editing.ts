/**
 * The steps edits.spec.ts (artworks) and artist-edits.spec.ts (artists) share: an unedited
 * imported subject to edit, its edit page, the edit waiting on its page, a moderator on another
 * device, and the edit found in /review.
 */
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { apiGet, expect, grantModerator, onDevice, otherDevice, signInByMail, toasts } from './fixtures';

/** What an artwork or an artist is called in the web app's paths. */
export type Subject = 'artwork' | 'artist';

interface HistoryPage {
  entries: Array<{ id: string; kind: string }>;
  pagination: { total_pages: number };
}

/** Staff without a profile name are named by their role. */
export const MODERATOR_NAME = 'Moderator';

/**
 * A subject still as imported (its history has nothing but imports, so no earlier run edited it)
 * that `fits`: one at random, so runs against the same server (both projects, --repeat-each) take
 * different ones. `what` names it in the error when none is found.
 */
export async function importedUnedited<T extends { id: string }>(
  page: Page,
  subject: Subject,
  fits: (candidate: T) => boolean,
  what: string,
): Promise<T> {
  const collection = `${subject}s`;
  const first = await apiGet<{ pagination: { total_pages: number } }>(page, `/${collection}?limit=50&page=1`);
  const pages = first.pagination.total_pages;
  for (let attempt = 0; attempt < 20; attempt++) {
    const n = 1 + Math.floor(Math.random() * pages);
    const listed = await apiGet<Record<string, T[]>>(page, `/${collection}?limit=50&page=${n}`);
    const candidates = (listed[collection] ?? []).filter(fits).sort(() => Math.random() - 0.5);
    for (const c of candidates.slice(0, 5)) {
      const history = await apiGet<HistoryPage>(page, `/${collection}/${c.id}/history`);
      if (history.pagination.total_pages === 1 && history.entries.length > 0 && history.entries.every((e) => e.kind === 'imported')) {
        return c;
      }
    }
  }
  throw new Error(`no imported, unedited ${what} found`);
}

/**
 * From the subject's page (heading `name`), its Edit link to the edit page; once the shell has
 * moved focus to the new page's heading (typing starts after that, as a person's would), the
 * edit form.
 */
export async function openEditPage(page: Page, subject: Subject, id: string, name: string): Promise<Locator> {
  const h1 = page.getByRole('heading', { level: 1 });
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${subject}/${id}/edit$`));
  await expect(h1).toHaveText(`Edit ${name}`);
  await expect(h1).toBeFocused();
  return page.getByRole('form', { name: `Edit ${subject}` });
}

/**
 * After the edit form was sent: thanks, back on the subject's page, which says the edit waits
 * and what it changes (`changes`, e.g. "the title and description"). Returns that notice.
 */
export async function expectEditWaiting(page: Page, subject: Subject, id: string, changes: string): Promise<Locator> {
  await expect(toasts(page).getByText('Thanks! Your changes will appear once a moderator approves them.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${subject}/${id}$`));
  const pendingBanner = page.getByTestId('pending-edits');
  await expect(pendingBanner).toContainText('Your edit is waiting for review.');
  await expect(pendingBanner).toContainText(`It changes ${changes}.`);
  return pendingBanner;
}

/**
 * `email`, granted moderator by the CLI, signed in on another device, does `act` with that
 * device's page; the test fails on any uncaught error there. The device is closed after.
 */
export async function asModeratorElsewhere(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string,
  email: string,
  act: (m: Page) => Promise<void>,
): Promise<void> {
  grantModerator(email);
  await onDevice(await otherDevice(browser, testInfo, baseURL), 'the moderator page', async (m) => {
    await signInByMail(m, email);
    await act(m);
  });
}

const REVIEW_TABS = { 'Artwork edits': 'edits', 'Artist edits': 'artist-edits' } as const;

/**
 * The proposed edit in /review's `tab` whose row has `subject` (its title, as a link or as text)
 * and names `proposer`, reloading /review until it is listed: its row.
 */
export async function findInReview(m: Page, tab: keyof typeof REVIEW_TABS, subject: Locator, proposer: string): Promise<Locator> {
  const item = m.getByTestId('edit-item').filter({ has: subject }).filter({ hasText: proposer });
  await expect(async () => {
    await m.goto('/review');
    await m.getByRole('tablist', { name: 'What to review' }).getByRole('tab', { name: tab }).click();
    await expect(m).toHaveURL(new RegExp(`/review\\?tab=${REVIEW_TABS[tab]}$`));
    await expect(item).toHaveCount(1, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  return item;
}

/** Approves the edit open in `detail` as selected: it is approved, and leaves the detail and the queue (`item`). */
export async function approveSelected(m: Page, detail: Locator, item: Locator): Promise<void> {
  await detail.getByRole('button', { name: 'Approve selected' }).click();
  await expect(toasts(m).getByText('Edit approved')).toBeVisible();
  await expect(detail).toHaveCount(0);
  await expect(item).toHaveCount(0);
}

/** Reloads `page` until `locator` has `text` (a projection catching up), for at most 30 s. */
export async function reloadUntil(page: Page, locator: Locator, text: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toHaveText(text, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
