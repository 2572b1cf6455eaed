/**
 * An artwork's history on its detail page: every change, newest first, with who made it, when,
 * each field before and after, and a revert's reason; a link to the artwork as it was right after
 * each one. Shows a page of changes, then older ones a page at a time ("Show older changes").
 * Moderators may revert a change (not on a past version of the artwork).
 */
import { useEffect, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { useGetArtworkHistoryQuery } from '../../api/artworkApi';
import { errorMessage } from '../../api/errors';
import type { HistoryEntry } from '../../api/types';
import { selectCanModerate } from '../../api/session';
import type { ArtistRef, FieldChange } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { Loading, Skeleton } from '../../components/states';
import { to } from '../../config/routes';
import { formatDate, plural } from '../../lib/format';
import { CHANGE_KIND_LABELS, changeText } from './historyText';
import { RevertDialog } from './RevertDialog';

interface HistoryProps {
  artworkId: string;
  /** The `as_of` the page shows, if any: its entry is marked as the one being viewed. */
  asOf?: string;
  /** The artwork's artists, to name them in changes of `artists`. */
  artists: readonly ArtistRef[];
  title: string;
}

/** What a page of entries needs beyond the section's props: who may revert, and how. */
interface EntryActions {
  /** Set for moderators on the current version: opens the revert dialog for an entry. */
  onRevert?: ((entry: HistoryEntry) => void) | undefined;
}

export function ArtworkHistory({ artworkId, asOf, artists, title }: HistoryProps) {
  const [pages, setPages] = useState(1);
  const [reverting, setReverting] = useState<HistoryEntry | null>(null);
  const canRevert = useAppSelector(selectCanModerate) && !asOf;
  const onRevert = canRevert ? setReverting : undefined;
  const first = useGetArtworkHistoryQuery({ id: artworkId, page: 1 });
  const last = useGetArtworkHistoryQuery({ id: artworkId, page: pages });

  let body;
  if (waiting(first)) {
    body = (
      <Loading label="Loading history…">
        <Skeleton lines={3} />
      </Loading>
    );
  } else if (!first.data) {
    body = <HistoryFailure title="Could not load the history" error={first.error} onRetry={() => void first.refetch()} />;
  } else if (first.data.entries.length === 0) {
    body = <p className="muted">No changes recorded yet.</p>;
  } else {
    body = (
      <>
        <ol className="history" aria-label={`Changes to ${title}`}>
          {Array.from({ length: pages }, (_, i) => (
            <HistoryPage key={i + 1} page={i + 1} artworkId={artworkId} asOf={asOf} artists={artists} onRevert={onRevert} />
          ))}
        </ol>
        {pages > 1 && waiting(last) ? (
          <Loading label="Loading older changes…">
            <Skeleton lines={2} />
          </Loading>
        ) : pages > 1 && !last.data ? (
          <HistoryFailure title="Could not load older changes" error={last.error} onRetry={() => void last.refetch()} />
        ) : (
          last.data?.pagination.has_more && (
            <button type="button" className="button button--outlined history__more" onClick={() => setPages((p) => p + 1)}>
              Show older changes
            </button>
          )
        )}
      </>
    );
  }

  return (
    <section className="section" aria-labelledby="history-title">
      <h2 id="history-title" className="section__title">
        History
      </h2>
      {body}
      {reverting && (
        <RevertDialog
          key={reverting.id}
          artworkId={artworkId}
          entry={reverting}
          summary={<EntrySummary entry={reverting} artists={artists} />}
          onClose={() => setReverting(null)}
        />
      )}
    </section>
  );
}

/** Nothing to show yet, and no failure to show (or asking again after one). */
function waiting(q: { data?: unknown; error?: unknown; isFetching: boolean }): boolean {
  return !q.data && (q.isFetching || !q.error);
}

/** One page's entries (the items of the history's list), past those the page before shows. */
function HistoryPage({ artworkId, page, asOf, artists, onRevert }: Omit<HistoryProps, 'title'> & EntryActions & { page: number }) {
  const { data } = useGetArtworkHistoryQuery({ id: artworkId, page });
  const { data: before } = useGetArtworkHistoryQuery({ id: artworkId, page: page - 1 }, { skip: page === 1 });
  // Changes made since the page before was read shift entries onto this one: show them once.
  const shownBefore = before?.entries.at(-1)?.sequence;
  const entries = (data?.entries ?? []).filter((e) => shownBefore === undefined || e.sequence < shownBefore);

  // An older page is asked for with "Show older changes", which then goes away: focus its first change.
  const firstItem = useRef<HTMLLIElement>(null);
  const focused = useRef(page === 1);
  const loaded = entries.length > 0;
  useEffect(() => {
    if (!loaded || focused.current) return;
    focused.current = true;
    firstItem.current?.focus();
  }, [loaded]);

  return entries.map((e, i) => (
    <HistoryItem
      key={e.id}
      ref={i === 0 ? firstItem : undefined}
      entry={e}
      artworkId={artworkId}
      asOf={asOf}
      artists={artists}
      onRevert={onRevert}
    />
  ));
}

function HistoryItem({
  entry,
  artworkId,
  asOf,
  artists,
  onRevert,
  ref,
}: Omit<HistoryProps, 'title'> & EntryActions & { entry: HistoryEntry; ref?: Ref<HTMLLIElement> | undefined }) {
  const viewing = entry.id === asOf;
  const when = formatDate(entry.at);
  const kind = CHANGE_KIND_LABELS[entry.kind] ?? entry.kind;
  const which = `${kind}${when ? `, ${when}` : ''}`;
  return (
    <li
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={`history__entry${viewing ? ' history__entry--current' : ''}`}
      aria-current={viewing ? 'true' : undefined}
      data-testid="history-entry"
    >
      <EntrySummary entry={entry} artists={artists} />
      {entry.photos_added > 0 && <p className="history__photos">{plural(entry.photos_added, 'photo')} added</p>}
      {entry.note && <p className="history__note">{entry.note}</p>}
      {entry.reason && <p className="history__note">Reason: {entry.reason}</p>}
      {entry.other_artwork && (
        <p className="history__note">
          <Link to={to.artwork(entry.other_artwork)}>{entry.kind === 'merged' ? 'The record kept' : 'The duplicate record'}</Link>
        </p>
      )}
      <div className="history__actions">
        {viewing ? (
          <p className="history__link muted small">You are viewing the artwork as of this change.</p>
        ) : (
          <Link className="history__link small" to={to.artworkAsOf(artworkId, entry.id)}>
            View as of this change
            <span className="visually-hidden">{` (${which})`}</span>
          </Link>
        )}
        {onRevert && entry.revertible && (
          <button type="button" className="button button--text button--small" onClick={() => onRevert(entry)}>
            Revert <span className="visually-hidden">{`this change (${which})`}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * What a change was, who made it and when, and each field before and after. A change a
 * submission brought credits its contributor, and the moderator who approved it.
 */
function EntrySummary({ entry, artists }: { entry: HistoryEntry; artists: readonly ArtistRef[] }) {
  const when = formatDate(entry.at);
  return (
    <>
      <p className="history__meta">
        <strong>{CHANGE_KIND_LABELS[entry.kind] ?? entry.kind}</strong>
        {entry.contributor ? (
          <span>
            by {entry.contributor}, approved by {entry.actor.display_name}
          </span>
        ) : (
          <span>by {entry.actor.display_name}</span>
        )}
        {when && <time dateTime={entry.at}>{when}</time>}
      </p>
      {entry.changes.length > 0 && <ChangeList changes={entry.changes} artists={artists} />}
    </>
  );
}

function ChangeList({ changes, artists }: { changes: FieldChange[]; artists: readonly ArtistRef[] }) {
  return (
    <ul className="history__changes">
      {changes.map((c) => {
        const t = changeText(c, artists);
        return (
          <li key={c.field}>
            <span className="history__field">{t.field}:</span> {t.before} → {t.after}
          </li>
        );
      })}
    </ul>
  );
}

/** A failed page, inline (the section keeps its heading), with a way to ask again. */
function HistoryFailure({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="history__error" role="alert">
      <p>
        <strong>{title}.</strong> {errorMessage(error)}
      </p>
      <button type="button" className="button button--outlined button--small" onClick={onRetry}>
        <Icon name="refresh" size={18} /> Try again
      </button>
    </div>
  );
}
