/**
 * One walking tour everywhere (issue 29): the list's page and the map ask for the same walk, from
 * the list's first stop, unless the person asks the map to start it from their location. These
 * are the words both use for it.
 */
import { plural } from './format';
import { formatDistance } from './geo';

export const EMPTY_TOUR_TEXT = 'Add artworks to this list to plan a walking tour.';

/** "1.2 km walk, 7 stops", or "1.4 km walk from your location, 7 stops". */
export function tourSummary(distanceM: number, stops: number, fromYou = false): string {
  return `${formatDistance(distanceM)} walk${fromYou ? ' from your location' : ''}, ${plural(stops, 'stop')}`;
}
