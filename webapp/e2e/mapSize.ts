/**
 * The walk of map-size.spec.ts (a pixel ratio of 1, both sizes) and map-size-hidpi.mobile.spec.ts
 * (2, the phone). The map's canvas fills its container through every change of layout (issue 29: on phones the
 * upper part of the map stayed blank, tour legs stopped at a straight line and cluster numbers
 * floated without their circles while the list or the tour was open), at a device pixel ratio of
 * 1 at both sizes and of 2 on the phone (where it was seen; a 2732 × 1800 canvas drawn in
 * software is slow to no purpose):
 *
 * - the tour of a list of three artworks opens with the map, then the list of what is in view,
 *   then the list closes, the window turns (width and height swapped) and back, and the tour
 *   closes; after each change the canvas's CSS size is its container's client size and its
 *   drawing buffer that size times the device pixel ratio;
 * - a panel as wide as the map (the phone's sheets) lies under the map, never on it: Chromium
 *   draws part of a WebGL canvas blank under an opaque panel that scrolls.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, listOfThree, noSeriousViolations, screenshot, unique, waitForNearby } from './fixtures';

/** The canvas's CSS size is its container's client size, its drawing buffer that times the pixel ratio (it follows within a frame or two). */
async function canvasFillsItsContainer(page: Page, after: string) {
  await expect(async () => {
    const m = await page.evaluate(() => {
      const container = document.querySelector<HTMLElement>('.map-canvas')!;
      const canvas = container.querySelector('canvas')!;
      const dpr = window.devicePixelRatio;
      return {
        container: [container.clientWidth, container.clientHeight],
        css: [canvas.clientWidth, canvas.clientHeight],
        buffer: [canvas.width, canvas.height],
        scaled: [Math.floor(canvas.clientWidth * dpr), Math.floor(canvas.clientHeight * dpr)],
      };
    });
    expect(m.container[1], `${after}: the map has room`).toBeGreaterThan(100);
    expect(m.css, `${after}: the canvas's CSS size`).toEqual(m.container);
    expect(m.buffer, `${after}: the canvas's drawing buffer`).toEqual(m.scaled);
  }).toPass({ timeout: 10_000 });
}

/** A panel as wide as the map lies under it, not on it. */
async function notOnTheMap(page: Page, panel: Locator, what: string) {
  const map = await page.locator('.map-canvas').boundingBox();
  const box = await panel.boundingBox();
  expect(map).not.toBeNull();
  expect(box).not.toBeNull();
  if (box!.width < map!.width * 0.9) return;
  expect(box!.y, `${what} starts where the map ends`).toBeGreaterThanOrEqual(map!.y + map!.height - 1);
}

/** The tour, the list, the window turned and back, the tour closed: the canvas fills the map after each. */
export async function mapFillsThroughLayoutChanges(page: Page, testInfo: TestInfo, dpr: number): Promise<void> {
  const { id } = await listOfThree(page, `Map size ${unique()}`);

  // The map with the list's tour: its panel, line and stops.
  await waitForNearby(page, () => page.goto(`/?list=${id}&tour=1`));
  await expect(page.locator('.map-canvas canvas')).toBeVisible();
  const tour = page.getByRole('region', { name: 'Walking tour' });
  await expect(tour).toHaveAttribute('data-tour-stops', '3');
  await expect(page.locator('.plinth-map-host')).toHaveAttribute('data-route-stops', '3', { timeout: 30_000 });
  await canvasFillsItsContainer(page, 'the tour opened');
  await notOnTheMap(page, tour, 'the tour panel');

  // The list of what is in view, beside the tour.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const list = page.getByRole('region', { name: 'Artworks in this area' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await canvasFillsItsContainer(page, 'the list opened');
  await notOnTheMap(page, list, 'the list');
  await notOnTheMap(page, tour, 'the tour panel');
  await noSeriousViolations(page, `${testInfo.project.name} map with the tour and the list`);
  await screenshot(page, testInfo, `map-tour-list-dpr${dpr}`);

  await list.getByRole('button', { name: 'Close the list' }).click();
  await expect(list).toHaveCount(0);
  await canvasFillsItsContainer(page, 'the list closed');

  // The window turns, and back.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.height, height: size.width });
  await canvasFillsItsContainer(page, 'the window turned');
  await page.setViewportSize(size);
  await canvasFillsItsContainer(page, 'the window turned back');

  await tour.getByRole('button', { name: 'Close tour' }).click();
  await expect(tour).toHaveCount(0);
  await canvasFillsItsContainer(page, 'the tour closed');
}
