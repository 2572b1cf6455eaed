/**
 * /artist/{id}: biography, other names, years, country, website, their artworks and the history
 * of changes; an Edit link and, for a signed-in viewer, their edits waiting for review. With
 * `?as_of=` (a history entry's id or a time), the artist as they were then, read-only, under a
 * banner that says so.
 */
import { Link } from 'react-router';
import { selectIsAuthenticated } from '../../api/session';
import type { ArtistDetail } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { History } from '../../components/History';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { RowLink } from '../../components/RowLink';
import { ShareButton } from '../../components/ShareButton';
import { AsOfBanner, PendingEditsNotice, SubjectDetailPage } from '../../components/SubjectNotices';
import { Skeleton } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { artistFieldLabel, yearText } from '../../lib/fieldText';
import { artistChangeText, momentText } from '../../lib/historyText';
import { feedbackOpened } from '../../lib/ui';
import { ArtistNotFound } from './ArtistNotFound';
import { useGetArtistAsOfQuery, useGetArtistPendingEditsQuery, useGetArtistQuery } from './artistsApi';

function safeWebsite(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** "1950–2020", "born 1950" or "died 2020"; empty when neither is known. */
export function lifeText(birth: number | null | undefined, death: number | null | undefined): string {
  const born = birth ?? null;
  const died = death ?? null;
  if (born !== null && died !== null) return `${yearText(born)}–${yearText(died)}`;
  if (born !== null) return translate('artists.detail.born', { year: yearText(born) });
  return died !== null ? translate('artists.detail.died', { year: yearText(died) }) : '';
}

export function ArtistDetailPage() {
  return (
    <SubjectDetailPage<ArtistDetail>
      subject="artist"
      versions={{ useCurrent: useGetArtistQuery, useAsOf: useGetArtistAsOfQuery }}
      skeleton={<Skeleton lines={6} />}
      notFound={(id) => <ArtistNotFound id={id} />}
    >
      {(artist, { asOf }) => <ArtistView artist={artist} asOf={asOf} />}
    </SubjectDetailPage>
  );
}

/** `asOf`: this is the artist as they were then; nothing on the page changes them. */
function ArtistView({ artist, asOf }: { artist: ArtistDetail; asOf: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const website = safeWebsite(artist.website);
  const life = lifeText(artist.birth_year, artist.death_year);
  // A version as of a history entry is last updated by that entry: its `updated_at` is the entry's time.
  const moment = asOf ? momentText(asOf, artist.updated_at) : '';
  const label = (field: string) => artistFieldLabel(field) ?? field;
  const facts: Array<[string, string | null | undefined]> = [
    [label('aliases'), artist.aliases.join(', ')],
    [label('birth_year'), artist.birth_year != null ? yearText(artist.birth_year) : null],
    [label('death_year'), artist.death_year != null ? yearText(artist.death_year) : null],
    [label('country'), artist.country],
  ];

  return (
    <article className="page artist-detail">
      <PageHeader
        title={artist.name}
        documentTitle={asOf ? t('artists.detail.asOfTitle', { name: artist.name, moment }) : undefined}
        subtitle={[life, artist.country, t('common.artworks', { count: artist.artwork_count })].filter(Boolean).join(' · ')}
        actions={
          asOf ? undefined : (
            <>
              <Link className="button button--outlined" to={to.artistEdit(artist.id)}>
                {t('common.edit')}
              </Link>
              <ShareButton path={to.artist(artist.id)} title={artist.name} />
              <button
                type="button"
                className="button button--text"
                onClick={() => dispatch(feedbackOpened({ subjectType: 'artist', subjectId: artist.id, issueType: 'comment' }))}
              >
                <Icon name="feedback" size={18} /> {t('artists.detail.sendFeedback')}
              </button>
            </>
          )
        }
      />
      {asOf ? (
        <AsOfBanner subject="artist" currentHref={to.artist(artist.id)} moment={moment} />
      ) : (
        <PendingArtistEdits artistId={artist.id} />
      )}
      <div className="artist-detail__layout">
        <section className="section">
          <h2 className="section__title">{t('artists.detail.biography')}</h2>
          {artist.biography ? <p className="prose">{artist.biography}</p> : <p className="muted">{t('artists.detail.noBiography')}</p>}
          <dl className="tag-list">
            {facts.map(
              ([label, value]) =>
                value && (
                  <div key={label} className="tag-list__row">
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ),
            )}
            {website && (
              <div className="tag-list__row">
                <dt>{label('website')}</dt>
                <dd>
                  <a href={website} target="_blank" rel="noreferrer">
                    {new URL(website).host}
                    <Icon name="external" size={14} />
                    <span className="visually-hidden"> {t('artists.detail.opensInNewTab')}</span>
                  </a>
                </dd>
              </div>
            )}
            {artist.provenance && (
              <div className="tag-list__row">
                <dt>{t('artists.detail.source')}</dt>
                <dd>
                  {artist.provenance.dataset_name} ({artist.provenance.licence}). {artist.provenance.attribution}
                </dd>
              </div>
            )}
          </dl>
        </section>
        <section className="section">
          <h2 className="section__title">{t('artists.detail.artworks')}</h2>
          {artist.artworks.length === 0 ? (
            <p className="muted">{t('artists.detail.noArtworks')}</p>
          ) : (
            <ul className="row-list" aria-label={t('artists.detail.artworksBy', { name: artist.name })}>
              {artist.artworks.map((a) => (
                <RowLink key={a.id} to={to.artwork(a.id)} title={a.title || t('artists.detail.untitled')} meta={<TypeChip type={a.artwork_type} />} />
              ))}
            </ul>
          )}
        </section>
      </div>
      <History key={artist.id} subject="artist" id={artist.id} asOf={asOf} title={artist.name} describe={artistChangeText} />
    </article>
  );
}

/** For a signed-in viewer: their own edits to this artist still waiting for a moderator. */
function PendingArtistEdits({ artistId }: { artistId: string }) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { data: pending = [] } = useGetArtistPendingEditsQuery(artistId, { skip: !signedIn });
  return <PendingEditsNotice subject="artist" pending={signedIn ? pending : []} />;
}
