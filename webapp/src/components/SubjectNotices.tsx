/**
 * What a detail page (an artwork's or an artist's) says besides its content: that it shows the
 * subject as it was at a moment of its history (`?as_of=`); what shows instead while it loads,
 * when the subject did not exist then or the moment is not one, when there is no such subject,
 * or when it could not be loaded; and, to a signed-in viewer, their own proposed edits that
 * still wait for a moderator.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorField, isApiError } from '../api/errors';
import { useTagVocabulary } from '../api/tagSchemaApi';
import type { EditSubject, PendingEdit } from '../api/types';
import { to } from '../config/routes';
import { useT } from '../i18n';
import { fieldList } from '../lib/fieldText';
import { Icon } from './Icon';
import { DocumentTitle } from './PageTitle';
import { EmptyState, ErrorState, Loading } from './states';
import './SubjectNotices.css';

const NOUN: Record<EditSubject, { icon: 'artworks' | 'artists'; href: (id: string) => string }> = {
  artwork: { icon: 'artworks', href: to.artwork },
  artist: { icon: 'artists', href: to.artist },
};

interface Version {
  subject: EditSubject;
  /** The current version's page. */
  currentHref: string;
}

function BackToCurrent({ currentHref, className }: { currentHref: string; className: string }) {
  const t = useT();
  return (
    <Link className={className} to={currentHref}>
      {t('components.subject.backToCurrent')}
    </Link>
  );
}

/** `moment`: the date the version is from (see `momentText`). */
export function AsOfBanner({ subject, currentHref, moment }: Version & { moment: string }) {
  const t = useT();
  return (
    <div className="notice as-of-banner" role="status" data-testid="as-of-banner">
      <p className="as-of-banner__text">
        <Icon name="info" size={20} />
        <span>{t('components.subject.asOf', { subject, moment })}</span>
      </p>
      <BackToCurrent currentHref={currentHref} className="button button--outlined button--small" />
    </div>
  );
}

/** A 404 (`invalid`: a 400 about `as_of`) for the subject at that moment. */
export function NotAtThatMoment({ subject, currentHref, asOf, invalid }: Version & { asOf: string; invalid: boolean }) {
  const t = useT();
  return (
    <div className="page">
      <DocumentTitle title={t('components.subject.notFound', { subject })} />
      <EmptyState
        icon={NOUN[subject].icon}
        title={invalid ? t('components.subject.notAMoment', { subject }) : t('components.subject.didNotExist', { subject })}
        action={<BackToCurrent currentHref={currentHref} className="button button--filled" />}
      >
        {invalid && <p>{t('components.subject.invalidMoment', { asOf })}</p>}
      </EmptyState>
    </div>
  );
}

/**
 * A detail page without its subject: `loading` while it loads, the moment's state for an
 * `as_of` it did not exist at (404) or that is not a moment (400 on `as_of`), `notFound` for no
 * such subject (404, or a malformed id), else the failure with a way to try again.
 */
export function DetailFallback({
  subject,
  currentHref,
  asOf,
  query,
  loading,
  notFound,
}: Version & {
  asOf: string;
  query: { error?: unknown; isFetching: boolean; refetch: () => unknown };
  loading: ReactNode;
  notFound: ReactNode;
}) {
  const t = useT();
  const { error, isFetching, refetch } = query;
  const noun = t('components.subject.noun', { subject });
  if (isFetching) {
    return (
      <div className="page">
        <DocumentTitle title={noun} />
        {loading}
      </div>
    );
  }
  if (asOf && isApiError(error) && (error.status === 404 || errorField(error) === 'as_of')) {
    return <NotAtThatMoment subject={subject} currentHref={currentHref} asOf={asOf} invalid={error.status === 400} />;
  }
  const missing = !error || (isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_ERROR')));
  return (
    <div className="page">
      <DocumentTitle title={missing ? t('components.subject.notFound', { subject }) : noun} />
      {missing ? (
        notFound
      ) : (
        <ErrorState title={t('components.subject.loadFailed', { subject })} error={error} onRetry={() => void refetch()} />
      )}
    </div>
  );
}

interface VersionQuery<T> {
  currentData?: T;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A subject's two queries: as it is now, and as it was at a moment (`as_of`). */
export interface VersionQueries<T> {
  useCurrent: (id: string, options: { skip: boolean }) => VersionQuery<T>;
  useAsOf: (args: { id: string; asOf: string }, options: { skip: boolean }) => VersionQuery<T>;
}

/**
 * A detail page (`:id`, `?as_of=`): its subject in the version asked for, from `versions`' current
 * one or (with `as_of`) the one as of then; `children` with it once loaded, else
 * the `DetailFallback` (while it loads, `skeleton` under "Loading {subject}…"; `notFound`).
 */
export function SubjectDetailPage<T>({
  subject,
  versions: { useCurrent, useAsOf },
  skeleton,
  notFound,
  children,
}: {
  subject: EditSubject;
  versions: VersionQueries<T>;
  skeleton: ReactNode;
  notFound: (id: string) => ReactNode;
  /** `params`: the page's query. */
  children: (data: T, version: { asOf: string; params: URLSearchParams }) => ReactNode;
}) {
  const t = useT();
  const { id, asOf, params } = useVersionParams();
  const current = useCurrent(id, { skip: !id || Boolean(asOf) });
  const past = useAsOf({ id, asOf }, { skip: !id || !asOf });
  const { currentData: data, error, isFetching, refetch } = useShownVersion(asOf, current, past);
  if (data) return children(data, { asOf, params });
  return (
    <DetailFallback
      subject={subject}
      currentHref={NOUN[subject].href(id)}
      asOf={asOf}
      query={{ error, isFetching, refetch }}
      loading={<Loading label={t('components.subject.loading', { subject })}>{skeleton}</Loading>}
      notFound={notFound(id)}
    />
  );
}

/** A detail page's subject (`:id`) and the moment it is asked for (`?as_of=`; '' for now). */
export function useVersionParams() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return { id, asOf: params.get('as_of')?.trim() ?? '', params };
}

/**
 * Of a detail page's two queries, the one for the version asked for (`past` with `asOf`); after
 * moving to another version, the page shows it from the top, its title focused. Read its
 * `currentData`: the version asked for, never the one shown before it.
 */
export function useShownVersion<C extends { currentData?: unknown }, P extends { currentData?: unknown }>(
  asOf: string,
  current: C,
  past: P,
): C | P {
  const shown = asOf ? past : current;
  useVersionFocus(asOf, Boolean(shown.currentData));
  return shown;
}

/** After moving to another version of the subject (`asOf`), show it from the top, its title focused. */
function useVersionFocus(asOf: string, shown: boolean): void {
  const seen = useRef(asOf);
  const moved = useRef(false);
  useEffect(() => {
    if (seen.current === asOf) return;
    seen.current = asOf;
    moved.current = true;
    window.scrollTo({ top: 0 });
  }, [asOf]);
  useEffect(() => {
    if (!shown || !moved.current) return;
    moved.current = false;
    document.querySelector<HTMLElement>('#main-content h1')?.focus();
  }, [shown, asOf]);
}

/** The viewer's own proposals still waiting (none for an anonymous viewer), and which fields they change. */
export function PendingEditsNotice({ subject, pending }: { subject: EditSubject; pending: readonly PendingEdit[] }) {
  const t = useT();
  const vocabulary = useTagVocabulary();
  if (pending.length === 0) return null;
  const fields = pending.flatMap((p) => p.edits.map((e) => e.field_name));
  return (
    <div className="notice pending-edits" role="status" data-testid="pending-edits">
      <p className="pending-edits__text">
        <Icon name="info" size={20} />
        <span>
          <strong>{t('components.pendingEdits.waiting', { count: pending.length })}</strong>
          {fields.length > 0 && ` ${t('components.pendingEdits.fields', { count: pending.length, fields: fieldList(fields, subject, vocabulary) })}`}
        </span>
      </p>
    </div>
  );
}
