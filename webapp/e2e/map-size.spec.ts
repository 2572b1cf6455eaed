/** The map's canvas at a device pixel ratio of 1, at both sizes (see `mapSize.ts`). */
import { test } from './fixtures';
import { mapFillsThroughLayoutChanges } from './mapSize';

test('the map’s canvas fills its container as the tour and the list open and close and the window turns', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await mapFillsThroughLayoutChanges(page, testInfo, 1);
});
