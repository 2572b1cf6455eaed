/**
 * A list page's "Walking tour": how long the walk through its artworks is (in the server's order,
 * from its first stop: the same walk the map shows), a link to the map showing it, and its GPX
 * file.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { listTourGpxUrl, useGetListTourQuery } from '../../api/listsApi';
import type { ListSummary } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { InlineFailure, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { emptyTourText, tourSummary } from '../../lib/tour';
import { toastShown } from '../../lib/ui';
import { downloadGpx, gpxFileName } from './gpxDownload';
import './tour.css';

/** The map with the list's artworks and its tour: the map's `list` filter and `tour=1`. */
export function tourMapPath(listId: string): string {
  return `${to.map()}?${new URLSearchParams({ list: listId, tour: '1' }).toString()}`;
}

export function ListTour({ list }: { list: ListSummary }) {
  const t = useT();
  const headingId = useId();
  const dispatch = useAppDispatch();
  const empty = list.item_count === 0;
  const tour = useGetListTourQuery(empty ? skipToken : { id: list.id });
  const [downloading, setDownloading] = useState(false);
  const fileName = gpxFileName(list.name);
  const noStops = empty || tour.data?.stops.length === 0;

  // A link cannot send the owner's token: a private list's file is fetched with it.
  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (list.public) return;
    e.preventDefault();
    if (downloading) return;
    setDownloading(true);
    const error = await downloadGpx(list.id, fileName);
    setDownloading(false);
    if (error) dispatch(toastShown({ type: 'error', message: translate('lists.tour.downloadFailed', { error: errorMessage(error) }) }));
  };

  let status;
  if (noStops) status = <p>{emptyTourText()}</p>;
  else if (tour.isLoading)
    status = (
      <p role="status">
        <Spinner /> {t('lists.tour.planning')}
      </p>
    );
  else if (tour.error)
    status = <InlineFailure failed={t('lists.tour.planFailed')} error={tour.error} onRetry={() => void tour.refetch()} />;
  else if (tour.data)
    status = (
      <p className="list-tour__summary" aria-busy={tour.isFetching || undefined}>
        {tourSummary(tour.data.distance_m, tour.data.stops.length)}
      </p>
    );

  return (
    <section className="list-tour" aria-labelledby={headingId}>
      <h2 id={headingId} className="list-tour__title">
        {t('lists.tour.title')}
      </h2>
      {status}
      {!noStops && (
        <div className="list-tour__actions">
          <Link className="button button--tonal" to={tourMapPath(list.id)}>
            <Icon name="map" size={18} /> {t('lists.tour.showOnMap')}
          </Link>
          <a
            className="button button--outlined"
            href={listTourGpxUrl(list.id)}
            download={fileName}
            onClick={(e) => void download(e)}
            aria-disabled={downloading || undefined}
          >
            {t('lists.tour.download')}
          </a>
        </div>
      )}
    </section>
  );
}
