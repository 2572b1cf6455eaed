/**
 * A history section, an artwork's or an artist's: every change, newest first, with who made it,
 * when, each field before and after, a note or a revert's reason; a link to the subject as it was
 * right after each one. Shows a page of changes, then older ones a page at a time ("Show older
 * changes"). What a subject adds (an artwork's merge links, its moderators' revert) comes in by
 * props.
 */
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import { useGetHistoryQuery } from '../api/historyApi';
import type { EditSubject, FieldChange, HistoryEntry } from '../api/types';
import { to } from '../config/routes';
import { useT } from '../i18n';
import { formatDate } from '../lib/format';
import { CHANGE_KIND_LABELS, type ChangeDescriber } from '../lib/historyText';
import { Icon } from './Icon';
import { Loading, Skeleton } from './states';
import './History.css';
import { Section } from './Section';

const AS_OF_LINK: Record<EditSubject, (id: string, asOf: string) => string> = { artwork: to.artworkAsOf, artist: to.artistAsOf };

/** What each entry needs: whose history it is, the version shown, how changes read and what else an entry offers. */
interface EntryProps {
  subject: EditSubject;
  id: string;
  /** The `as_of` the page shows, if any: its entry is marked as the one being viewed. */
  asOf?: string | undefined;
  describe: ChangeDescriber;
  /** Below an entry's changes: what the subject adds to it (links, say). */
  extra?: ((entry: HistoryEntry) => ReactNode) | undefined;
  /** Beside the entry's "View as of" link: its actions (a moderator's revert). */
  actions?: ((entry: HistoryEntry, which: string) => ReactNode) | undefined;
}

export function History({ title, children, ...entry }: EntryProps & { title: string; children?: ReactNode }) {
  const t = useT();
  const { subject, id } = entry;
  const [pages, setPages] = useState(1);
  const first = useGetHistoryQuery({ subject, id, page: 1 });
  const last = useGetHistoryQuery({ subject, id, page: pages });

  let body;
  if (waiting(first)) {
    body = (
      <Loading label={t('components.history.loading')}>
        <Skeleton lines={3} />
      </Loading>
    );
  } else if (!first.data) {
    body = <HistoryFailure title={t('components.history.failed')} error={first.error} onRetry={() => void first.refetch()} />;
  } else if (first.data.entries.length === 0) {
    body = <p className="muted">{t('components.history.empty')}</p>;
  } else {
    body = (
      <>
        <ol className="history" aria-label={t('components.history.changesTo', { title })}>
          {Array.from({ length: pages }, (_, i) => (
            <HistoryPage key={i + 1} page={i + 1} {...entry} />
          ))}
        </ol>
        {pages > 1 && waiting(last) ? (
          <Loading label={t('components.history.loadingOlder')}>
            <Skeleton lines={2} />
          </Loading>
        ) : pages > 1 && !last.data ? (
          <HistoryFailure title={t('components.history.olderFailed')} error={last.error} onRetry={() => void last.refetch()} />
        ) : (
          last.data?.pagination.has_more && (
            <button type="button" className="button button--outlined history__more" onClick={() => setPages((p) => p + 1)}>
              {t('components.history.showOlder')}
            </button>
          )
        )}
      </>
    );
  }

  return (
    <Section titleId="history-title" title={t('components.history.title')}>
      {body}
      {children}
    </Section>
  );
}

/** Nothing to show yet, and no failure to show (or asking again after one). */
function waiting(q: { data?: unknown; error?: unknown; isFetching: boolean }): boolean {
  return !q.data && (q.isFetching || !q.error);
}

/** One page's entries (the items of the history's list), past those the page before shows. */
function HistoryPage({ page, ...entry }: EntryProps & { page: number }) {
  const { subject, id } = entry;
  const { data } = useGetHistoryQuery({ subject, id, page });
  const { data: before } = useGetHistoryQuery({ subject, id, page: page - 1 }, { skip: page === 1 });
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

  return entries.map((e, i) => <HistoryItem key={e.id} ref={i === 0 ? firstItem : undefined} entry={e} {...entry} />);
}

function HistoryItem({
  entry,
  subject,
  id,
  asOf,
  describe,
  extra,
  actions,
  ref,
}: EntryProps & { entry: HistoryEntry; ref?: Ref<HTMLLIElement> | undefined }) {
  const t = useT();
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
      <EntrySummary entry={entry} describe={describe} />
      {entry.photos_added > 0 && <p className="history__photos">{t('components.history.photosAdded', { count: entry.photos_added })}</p>}
      {entry.note && <p className="history__note">{entry.note}</p>}
      {entry.reason && <p className="history__note">{t('components.history.reason', { reason: entry.reason })}</p>}
      {extra?.(entry)}
      <div className="history__actions">
        {viewing ? (
          <p className="history__link muted small">{t('components.history.viewing', { subject })}</p>
        ) : (
          <Link className="history__link small" to={AS_OF_LINK[subject](id, entry.id)}>
            {t('components.history.viewAsOf')}
            <span className="visually-hidden">{` (${which})`}</span>
          </Link>
        )}
        {actions?.(entry, which)}
      </div>
    </li>
  );
}

/**
 * What a change was, who made it and when, and each field before and after. A change a
 * submission brought credits its contributor, and the moderator who approved it.
 */
export function EntrySummary({ entry, describe }: { entry: HistoryEntry; describe: ChangeDescriber }) {
  const t = useT();
  const when = formatDate(entry.at);
  return (
    <>
      <p className="history__meta">
        <strong>{CHANGE_KIND_LABELS[entry.kind] ?? entry.kind}</strong>
        {entry.contributor ? (
          <span>{t('components.history.byApproved', { contributor: entry.contributor, moderator: entry.actor.display_name })}</span>
        ) : (
          <span>{t('components.history.by', { actor: entry.actor.display_name })}</span>
        )}
        {when && <time dateTime={entry.at}>{when}</time>}
      </p>
      {entry.changes.length > 0 && <ChangeList changes={entry.changes} describe={describe} />}
    </>
  );
}

function ChangeList({ changes, describe }: { changes: FieldChange[]; describe: ChangeDescriber }) {
  const t = useT();
  return (
    <ul className="history__changes">
      {changes.map((c) => {
        const change = describe(c);
        return (
          <li key={c.field}>
            <span className="history__field">{t('components.history.field', { field: change.field })}</span> {change.before} → {change.after}
          </li>
        );
      })}
    </ul>
  );
}

/** A failed page, inline (the section keeps its heading), with a way to ask again. */
function HistoryFailure({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="history__error" role="alert">
      <p>
        <strong>{title}.</strong> {errorMessage(error)}
      </p>
      <button type="button" className="button button--outlined button--small" onClick={onRetry}>
        <Icon name="refresh" size={18} /> {t('common.retry')}
      </button>
    </div>
  );
}
