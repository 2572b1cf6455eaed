/** The map's canvas at a device pixel ratio of 2, on the phone, where the half-drawn map was seen (see `mapSize.ts`). */
import { test } from './fixtures';
import { mapFillsThroughLayoutChanges } from './mapSize';

test.use({ deviceScaleFactor: 2 });

test('at a pixel ratio of 2, the map’s canvas fills its container as the tour and the list open and close and the window turns', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await mapFillsThroughLayoutChanges(page, testInfo, 2);
});
