/**
 * The server's Content-Security-Policy (issue 15) in a context that keeps it (the others bypass
 * it to inject axe): the main screens, the map included, run without a single violation, and
 * every answer carries the policy and the other security headers.
 */
import { expect, fromAddress, newClientAddress, test } from './fixtures';

test('the main screens run under the strict Content-Security-Policy without a violation', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    bypassCSP: false,
    viewport: use.viewport ?? null,
    locale: use.locale,
    timezoneId: use.timezoneId,
    extraHTTPHeaders: fromAddress(newClientAddress()),
  });
  await context.addInitScript(() => {
    window.localStorage.setItem('cultural-archiver-visited', 'true');
    (window as unknown as { __cspViolations: string[] }).__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });

  const list = await page.request.get('/api/artworks?limit=1');
  const some = ((await list.json()) as { data: { artworks: Array<{ id: string }> } }).data.artworks[0];
  expect(some).toBeDefined();

  const home = await page.goto('/');
  const csp = home?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(home?.headers()['x-content-type-options']).toBe('nosniff');
  // The map drew (its workers come from blob: URLs, which the policy allows).
  await expect(page.locator('.map-canvas canvas')).toBeVisible();
  await expect(page.locator('.map-status')).toHaveText(/nearest shown|artworks? in this area/);

  const seen = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  const violations: string[] = [...(await seen()).map((v) => `/ ${v}`)];
  for (const path of ['/artworks', '/search/results?q=orca', `/artwork/${some!.id}`, '/status', '/add', '/help']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    violations.push(...(await seen()).map((v) => `${path} ${v}`));
  }
  expect(violations).toEqual([]);
  expect(refused).toEqual([]);
  await context.close();
});
