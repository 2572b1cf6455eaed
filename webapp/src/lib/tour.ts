/**
 * One walking tour everywhere (issue 29): the list's page and the map ask for the same walk, from
 * the list's first stop, unless the person asks the map to start it from their location. These
 * are the words both use for it.
 */
import { t } from '../i18n';
import { formatDistance } from './geo';

/** What a list without artworks says instead of a tour. */
export function emptyTourText(): string {
  return t('lib.tour.empty');
}


/** "1.2 km walk, 7 stops", or "1.4 km walk from your location, 7 stops". */
export function tourSummary(distanceM: number, stops: number, fromYou = false): string {
  const distance = formatDistance(distanceM);
  return fromYou ? t('lib.tour.summaryFromYou', { distance, stops }) : t('lib.tour.summary', { distance, stops });
}
