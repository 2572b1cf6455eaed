/**
 * /artwork/{id}: photos, description, artists, tags by category, location, provenance, the
 * logbook of visits and the history of changes; for a signed-in viewer, their edits waiting for
 * review. With `?as_of=` (a history entry's id or a time), the artwork as it was then, read-only,
 * under a banner that says so. A duplicate merged into another record sends visitors there
 * (`?merged_from=` says so on arrival); moderators merge from here. Anyone saves it from here:
 * the Loved / Visited / Want to see toggles and "Save to list…" (their own lists).
 */
import { useId, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { selectCanModerate } from '../../api/session';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ArtworkDetailDto as Artwork } from '../../api/types';
import { ArtworkNotFound } from '../../components/ArtworkNotFound';
import { Icon } from '../../components/Icon';
import { MiniMap } from '../../components/MiniMap';
import { PageHeader } from '../../components/PageTitle';
import { SaveToggles } from '../../components/SaveToggles';
import { ShareButton } from '../../components/ShareButton';
import { AsOfBanner, SubjectDetailPage } from '../../components/SubjectNotices';
import { Skeleton } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/format';
import { formatCoordinate } from '../../lib/geo';
import { momentText } from '../../lib/historyText';
import { groupTags, PHOTO_CREDIT_KEY, photoDetail, tagHref } from '../../lib/tagGroups';
import { feedbackOpened, type FeedbackTarget } from '../../lib/ui';
import { useGetArtworkAsOfQuery, useGetArtworkQuery } from '../../api/artworkApi';
import { useTagVocabulary } from '../../api/tagSchemaApi';
import { DetailPhoto } from '../../components/DetailPhoto';
import { ArtworkContributors } from './ArtworkContributors';
import { Gallery } from './ArtworkGallery';
import { ArtworkHistory } from './ArtworkHistory';
import { Logbook } from './ArtworkLogbook';
import { MergedFromBanner, MergeDialog } from './ArtworkMerge';
import { PendingEditsBanner } from './PendingEditsBanner';
import { SaveToList } from './SaveToList';
import './artworks.css';

export function ArtworkDetailPage() {
  return (
    <SubjectDetailPage<Artwork>
      subject="artwork"
      versions={{ useCurrent: useGetArtworkQuery, useAsOf: useGetArtworkAsOfQuery }}
      skeleton={
        <div className="detail-skeleton">
          <span className="skeleton__block skeleton__block--tall" />
          <Skeleton lines={5} />
        </div>
      }
      notFound={(id) => <ArtworkNotFound id={id} />}
    >
      {(data, { asOf, params }) =>
        data.merged_into && !asOf ? (
          <Navigate to={to.artworkMergedFrom(data.merged_into, data.id)} replace />
        ) : (
          <ArtworkDetail artwork={data} asOf={asOf} mergedFrom={params.get('merged_from')?.trim() ?? ''} />
        )
      }
    </SubjectDetailPage>
  );
}

/**
 * `asOf`: this is the artwork as it was then; nothing on the page changes it. `mergedFrom`: the
 * duplicate whose link led here.
 */
function ArtworkDetail({ artwork, asOf, mergedFrom }: { artwork: Artwork; asOf: string; mergedFrom: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const canMerge = useAppSelector(selectCanModerate) && !asOf && artwork.status === 'approved';
  const [merging, setMerging] = useState(false);
  const vocabulary = useTagVocabulary();
  const credit = artwork.tags[PHOTO_CREDIT_KEY];
  const hasPhotoDetail = Object.entries(artwork.tags).some(([k, v]) => photoDetail(k, v));
  // A photo's credit shows with the photo.
  const groups = groupTags(artwork.tags, vocabulary)
    .map((g) => ({ ...g, tags: g.tags.filter((tag) => !(hasPhotoDetail && tag.key === PHOTO_CREDIT_KEY)) }))
    .filter((g) => g.tags.length > 0);
  const title = artwork.title || t('artworks.detail.untitled');
  const removed = artwork.status !== 'approved';
  // Visits, edits, merges and saving are for works on the map; a removed one keeps its page,
  // its history and a way to say it is back.
  const onTheMap = !asOf && !removed;
  const feedback = (issueType: FeedbackTarget['issueType']) => dispatch(feedbackOpened({ subjectType: 'artwork', subjectId: artwork.id, issueType }));
  // A version as of a history entry is last updated by that entry: its `updated_at` is the entry's time.
  const moment = asOf ? momentText(asOf, artwork.updated_at) : '';

  return (
    <article className="page artwork-detail">
      <PageHeader
        title={title}
        documentTitle={asOf ? t('artworks.detail.asOfTitle', { title, moment }) : undefined}
        subtitle={
          <span className="artwork-detail__chips">
            <TypeChip type={artwork.artwork_type} />
            {removed && <span className="chip chip--warning">{artwork.status === 'removed' ? t('artworks.detail.removedChip') : artwork.status}</span>}
          </span>
        }
        actions={
          !onTheMap ? undefined : (
            <>
              <Link className="button button--outlined" to={to.logbook(artwork.id)} data-testid="log-visit-link">
                <Icon name="camera" size={18} /> {t('artworks.detail.logVisit')}
              </Link>
              <Link className="button button--outlined" to={to.artworkEdit(artwork.id)}>
                {t('common.edit')}
              </Link>
              <ShareButton path={to.artwork(artwork.id)} title={title} />
              {canMerge && (
                <button type="button" className="button button--text" onClick={() => setMerging(true)}>
                  {t('artworks.detail.merge')}
                </button>
              )}
            </>
          )
        }
      />

      {asOf ? (
        <AsOfBanner subject="artwork" currentHref={to.artwork(artwork.id)} moment={moment} />
      ) : (
        <PendingEditsBanner artworkId={artwork.id} />
      )}
      {mergedFrom && !asOf && <MergedFromBanner from={mergedFrom} />}
      {merging && <MergeDialog artworkId={artwork.id} title={title} onClose={() => setMerging(false)} />}

      {onTheMap && (
        <div className="artwork-detail__save">
          <SaveToggles artworkId={artwork.id} />
          <SaveToList artworkId={artwork.id} title={title} />
        </div>
      )}

      {artwork.status === 'removed' ? (
        <RemovedNotice asOf={Boolean(asOf)} />
      ) : (
        removed && (
          <p className="notice notice--warning" role="note">
            {asOf ? t('artworks.detail.notListedThen') : t('artworks.detail.notListed')}
          </p>
        )
      )}

      <div className="artwork-detail__layout">
        <div className="artwork-detail__main">
          {artwork.photos.length > 0 ? (
            <Gallery photos={artwork.photos} title={title} />
          ) : (
            <div className="gallery gallery--empty">
              <Icon name="camera" size={32} />
              <p>{t('artworks.detail.noPhotos')}</p>
              {onTheMap && <Link to={to.logbook(artwork.id)}>{t('artworks.detail.addFirstPhoto')}</Link>}
            </div>
          )}

          {artwork.description && (
            <section className="section">
              <h2 className="section__title">{t('artworks.detail.about')}</h2>
              <p className="prose">{artwork.description}</p>
            </section>
          )}

          <section className="section">
            <h2 className="section__title">{t('artworks.detail.artists', { count: artwork.artists.length })}</h2>
            {artwork.artists.length > 0 ? (
              <ul className="link-list">
                {artwork.artists.map((a) => (
                  <li key={a.id}>
                    <Link to={to.artist(a.id)}>{a.name}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{artwork.tags.artist_name ?? t('artworks.detail.artistUnknown')}</p>
            )}
          </section>

          {groups.length > 0 && (
            <section className="section">
              <h2 className="section__title">{t('artworks.detail.details')}</h2>
              {groups.map((g) => (
                <div key={g.id} className="tag-group">
                  <h3 className="tag-group__title">{g.label}</h3>
                  <dl className="tag-list">
                    {g.tags.map((tag) => {
                      const photo = photoDetail(tag.key, tag.value);
                      const href = tagHref(tag.key, tag.value, vocabulary);
                      return (
                        <div key={tag.key} className="tag-list__row">
                          <dt>{photo ? t('artworks.detail.photo') : tag.label}</dt>
                          <dd>
                            {photo ? (
                              <DetailPhoto photo={photo} alt={t('artworks.detail.photoOf', { title })} credit={credit} />
                            ) : href ? (
                              <a href={href} target="_blank" rel="noreferrer">
                                {tag.value}
                                <span className="visually-hidden"> {t('artworks.detail.opensInNewTab')}</span>
                              </a>
                            ) : (
                              tag.value
                            )}
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                </div>
              ))}
            </section>
          )}

          <Logbook artworkId={artwork.id} entries={artwork.logbook} title={title} readOnly={Boolean(asOf)} />

          {!asOf && <ArtworkContributors artworkId={artwork.id} />}

          <ArtworkHistory key={artwork.id} artworkId={artwork.id} asOf={asOf} artists={artwork.artists} title={title} />
        </div>

        <aside className="artwork-detail__side">
          <section className="section">
            <h2 className="section__title">{t('artworks.detail.location')}</h2>
            <MiniMap lat={artwork.lat} lng={artwork.lon} title={title} type={artwork.artwork_type} />
            <p className="coordinates">
              {formatCoordinate(artwork.lat)}, {formatCoordinate(artwork.lon)}
            </p>
            <Link className="button button--text" to={`${to.map()}?lat=${artwork.lat}&lng=${artwork.lon}&zoom=17`}>
              <Icon name="map" size={18} /> {t('artworks.detail.showOnMap')}
            </Link>
          </section>

          {artwork.provenance && (
            <section className="section provenance">
              <h2 className="section__title">{artwork.also_from.length > 0 ? t('artworks.detail.sources') : t('artworks.detail.source')}</h2>
              {[artwork.provenance, ...artwork.also_from].map((source) => (
                <dl className="tag-list" key={`${source.dataset}:${source.source_id}`} data-testid="artwork-source">
                  <div className="tag-list__row">
                    <dt>{t('artworks.detail.dataset')}</dt>
                    <dd>
                      {source.source_url ? (
                        <a href={source.source_url} target="_blank" rel="noreferrer">
                          {source.dataset_name}
                          <span className="visually-hidden"> {t('artworks.detail.opensInNewTab')}</span>
                        </a>
                      ) : (
                        source.dataset_name
                      )}
                    </dd>
                  </div>
                  <div className="tag-list__row">
                    <dt>{t('artworks.detail.licence')}</dt>
                    <dd>{source.licence}</dd>
                  </div>
                  <div className="tag-list__row">
                    <dt>{t('artworks.detail.attribution')}</dt>
                    <dd>{source.attribution}</dd>
                  </div>
                </dl>
              ))}
            </section>
          )}

          <section className="section">
            {!asOf && (
              <>
                <h2 className="section__title">{artwork.status === 'removed' ? t('artworks.detail.isItBack') : t('artworks.detail.somethingWrong')}</h2>
                <div className="button-row">
                  {artwork.status === 'removed' && (
                    <button type="button" className="button button--outlined" onClick={() => feedback('back')}>
                      {t('artworks.detail.reportBack')}
                    </button>
                  )}
                  <button type="button" className="button button--outlined" onClick={() => feedback('comment')}>
                    <Icon name="feedback" size={18} /> {t('artworks.detail.sendFeedback')}
                  </button>
                  {!removed && (
                    <button type="button" className="button button--text" onClick={() => feedback('missing')}>
                      {t('artworks.detail.reportMissing')}
                    </button>
                  )}
                </div>
              </>
            )}
            <p className="muted small">{t('artworks.detail.lastUpdated', { date: formatDate(artwork.updated_at) })}</p>
          </section>
        </aside>
      </div>
    </article>
  );
}

/**
 * A moderator marked the artwork removed (a report that it is missing, confirmed): it is off the
 * map and the lists, while its page and history stay, so links to it keep working.
 */
function RemovedNotice({ asOf }: { asOf: boolean }) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="notice notice--warning removed-notice" aria-labelledby={titleId} data-testid="removed-notice">
      <h2 id={titleId} className="removed-notice__title">
        <Icon name="warning" size={20} /> {t('artworks.detail.removedTitle')}
      </h2>
      <p>
        {asOf ? t('artworks.detail.removedThen') : t('artworks.detail.removedBody')}
      </p>
    </section>
  );
}
