/**
 * The public face (issue 31) in the browser: the default basemap when its host answers and the
 * offline map with a notice when it is blocked (route interception: this machine reaches no tile
 * host, so the server runs with the offline style and these tests hand the app the public one);
 * the interface in French (shell, map, an artwork page, a form's errors, the sign-in mail) and
 * axe-core clean in both languages. French texts are read from the catalogues, not copied here.
 */
import { createRequire } from 'node:module';
import type { Page, Route } from '@playwright/test';
import { waitForMail } from './mail';
import {
  apiGet,
  type ArtworkMinimal,
  expect,
  noSeriousViolations,
  test,
  unique,
  waitForNearby,
} from './fixtures';

const require = createRequire(import.meta.url);
type Catalogue = Record<string, string>;
/** The messages of `namespaces` in `language`, as the app's catalogues hold them. */
function catalogue(language: 'en' | 'fr', namespaces: string[]): Catalogue {
  const out: Catalogue = {};
  for (const ns of namespaces) Object.assign(out, require(`../src/i18n/${language}/${ns}.json`) as Catalogue);
  return out;
}
const fr = catalogue('fr', ['shell', 'map', 'artworks', 'auth', 'common', 'components']);
const en = catalogue('en', ['map']);

/** A message as the page shows it (no arguments). */
const msg = (catalogue: Catalogue, key: string): string => {
  const text = catalogue[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return text;
};

const STYLE_HOST = 'https://tiles.openfreemap.org';
const STYLE_URL = `${STYLE_HOST}/styles/liberty`;
/** A style the engine can draw without any tile: one background layer. */
const STREETS = { version: 8, name: 'streets (test)', sources: {}, layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#e6e2d6' } }] };

/** /api/config as the server answers it, with the public style an unconfigured instance names. */
async function withDefaultStyle(page: Page): Promise<void> {
  await page.route('**/api/config', async (route: Route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    body.data.map_style_url = STYLE_URL;
    await route.fulfill({ response: res, json: body });
  });
}

const wide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

test.describe('the default basemap', () => {
  test('draws the public streets when their host answers', async ({ page }) => {
    await withDefaultStyle(page);
    const styleAsked: string[] = [];
    await page.route(`${STYLE_HOST}/**`, (route) => {
      styleAsked.push(route.request().url());
      return route.fulfill({ json: STREETS });
    });
    await waitForNearby(page, () => page.goto('/'));
    await expect(page.locator('.plinth-map-host')).toHaveAttribute('data-basemap', 'remote');
    expect(styleAsked).toContain(STYLE_URL);
    await expect(page.getByText(msg(en, 'map.basemap.offline'))).toHaveCount(0);
    await expect(page.locator('.map-cluster-label, .maplibregl-canvas').first()).toBeVisible();
  });

  test('falls back to the offline map, and says so, when the host is blocked', async ({ page }) => {
    await withDefaultStyle(page);
    await page.route(`${STYLE_HOST}/**`, (route) => route.abort('blockedbyclient'));
    await waitForNearby(page, () => page.goto('/'));
    await expect(page.locator('.plinth-map-host')).toHaveAttribute('data-basemap', 'fallback');
    const notice = page.getByRole('note').filter({ hasText: msg(en, 'map.basemap.offline') });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: msg(en, 'map.basemap.dismiss') }).click();
    await expect(notice).toHaveCount(0);
  });
});

/** The language picker: in the rail on wide screens, in the menu drawer on phones (opened here). */
async function languagePicker(page: Page, catalogue: 'en' | 'fr') {
  const label = catalogue === 'en' ? 'Language' : msg(fr, 'common.language');
  if (wide(page)) return page.getByRole('navigation', { name: catalogue === 'en' ? 'Main' : msg(fr, 'shell.nav.main') }).getByRole('combobox', { name: label });
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: label });
}

test.describe('in French', () => {
  test('the shell, the map, an artwork page, a form’s errors and the sign-in mail', async ({ page }, testInfo) => {
    await waitForNearby(page, () => page.goto('/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await (await languagePicker(page, 'en')).selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    if (!wide(page)) await page.keyboard.press('Escape');

    // The shell and the map.
    const nav = page.getByRole('navigation', { name: wide(page) ? msg(fr, 'shell.nav.main') : msg(fr, 'shell.nav.quickActions') });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: msg(fr, 'map.page.heading') })).toBeAttached();
    await expect(page).toHaveTitle(`${msg(fr, 'map.page.title')} - Plinth`);
    await noSeriousViolations(page, `${testInfo.project.name} map (fr)`);

    // An artwork page: the language is kept across a load.
    const near = await apiGet<{ artworks: ArtworkMinimal[] }>(page, '/artworks/nearby?lat=49.2827&lon=-123.1207&radius=500&limit=1&minimal=true');
    const artwork = near.artworks[0];
    if (!artwork) throw new Error('the demo data has no artwork near the centre');
    await page.goto(`/artwork/${artwork.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: msg(fr, 'artworks.detail.logVisit') })).toBeVisible();
    await expect(page.getByRole('button', { name: msg(fr, 'common.share.label') })).toBeVisible();
    await noSeriousViolations(page, `${testInfo.project.name} artwork (fr)`);

    // A form's errors: the sign-in dialog, sent empty then with a bad address.
    await page.getByRole('navigation', { name: wide(page) ? msg(fr, 'shell.nav.main') : msg(fr, 'shell.nav.quickActions') })
      .getByRole('button', { name: msg(fr, 'shell.nav.login'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${msg(fr, 'auth.signIn.title')}`) });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: new RegExp(msg(fr, 'auth.signIn.sendLink')) }).click();
    await expect(dialog.getByText(msg(fr, 'auth.email.required'))).toBeVisible();
    const email = `fr-${unique()}@example.org`;
    await dialog.getByRole('textbox', { name: msg(fr, 'auth.signIn.email') }).fill('pas-une-adresse');
    await dialog.getByRole('button', { name: new RegExp(msg(fr, 'auth.signIn.sendLink')) }).click();
    await expect(dialog.getByText(msg(fr, 'auth.email.invalid'))).toBeVisible();
    await noSeriousViolations(page, `${testInfo.project.name} sign-in dialog (fr)`);

    // The mail is written in French too.
    await dialog.getByRole('textbox', { name: msg(fr, 'auth.signIn.email') }).fill(email);
    await dialog.getByRole('button', { name: new RegExp(msg(fr, 'auth.signIn.sendLink')) }).click();
    await expect(page.getByRole('dialog', { name: msg(fr, 'auth.signIn.checkEmail') })).toBeVisible();
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Créez votre compte Plinth');
    expect(mail.text).toContain('Ouvrez ce lien pour continuer');
  });

  test('axe-core finds nothing serious on the artwork index in French', async ({ page }, testInfo) => {
    await page.addInitScript(() => window.localStorage.setItem('plinth-language', 'fr'));
    await page.goto('/artworks');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await noSeriousViolations(page, `${testInfo.project.name} artworks (fr)`);
  });
});
