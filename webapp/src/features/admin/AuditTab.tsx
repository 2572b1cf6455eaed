/**
 * The audit log: every event of the store, newest first, filtered by entity type, actor,
 * decision, event type and dates. Paging is pinned: moving off the first page passes its `as_of`
 * back, so events arriving meanwhile do not shift the pages ("Show newest" lets go). Each entry
 * opens to its full payload and metadata, and to its entity's timeline: every event of the
 * entity, and its state as of any one of them.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUDIT_DECISIONS, type AuditEntry, type EntityEvent } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { Pagination } from '../../components/Pagination';
import { LabelledSelect, ValueOptions } from '../../components/Select';
import { EmptyState, ListCount, QueryState, Spinner } from '../../components/states';
import { formatDateTime, pageCount, plural } from '../../lib/format';
import { useGetAuditLogQuery, useGetEntityAuditQuery, type AuditFilters } from './adminApi';
import { TabSection } from './AdminParts';

/** The entity types the event store holds (notifications seen are left out of the log). */
export const ENTITY_TYPES = ['artwork', 'artist', 'submission', 'account', 'list', 'badge', 'badge_awards', 'feedback', 'import_run'] as const;

/** Event types worth suggesting in the filter (any other may be typed). */
const EVENT_TYPES = [
  'ArtworkCreated',
  'ArtworkEdited',
  'ArtworkImported',
  'ArtworkMerged',
  'ArtworkRemoved',
  'ArtistCreated',
  'ArtistEdited',
  'ArtistEditApproved',
  'SubmissionApproved',
  'SubmissionRejected',
  'SubmissionWithdrawn',
  'FeedbackSent',
  'FeedbackArchived',
  'FeedbackResolved',
  'PermissionGranted',
  'PermissionRevoked',
  'BadgeDefined',
  'BadgeUpdated',
  'BadgeDeactivated',
  'BadgeReactivated',
  'BadgeAwarded',
  'AccountSignedUp',
  'ProfileNameSet',
  'ListCreated',
];

const EMPTY: Required<AuditFilters> = { type: '', actor: '', decision: '', action_type: '', startDate: '', endDate: '' };

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** An entity id short enough for a row: a UUID's first block. */
const shortId = (id: string) => (/^[0-9a-f]{8}-/.test(id) ? `${id.slice(0, 8)}…` : id);

/** Who acted, with the role they acted in, unless their name is that role already (staff
 * without a profile name are named by their role). */
const actorLabel = ({ display_name, role }: AuditEntry['actor']) =>
  display_name.toLowerCase() === role ? display_name : `${display_name} (${role})`;

interface EntityRef {
  type: string;
  id: string;
  /** The event whose state to show first. */
  position: string;
}

export function AuditTab() {
  const [draft, setDraft] = useState<Required<AuditFilters>>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  /** The first page's `as_of`, once the admin moved off it: later pages stay as they were then. */
  const [pinned, setPinned] = useState<string | null>(null);
  const [entity, setEntity] = useState<EntityRef | null>(null);
  // The log grows all the time: a page seen before is read again (as of its pin, if any).
  const query = useGetAuditLogQuery({ filters, page, asOf: pinned }, { refetchOnMountOrArgChange: true });
  const data = query.currentData;
  const eventsListId = useId();

  const apply = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
    setPinned(null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const onPage = (p: number) => {
    if (!pinned && query.data) setPinned(query.data.as_of);
    setPage(p);
  };
  const byActor = (actor: string) => {
    const next = { ...draft, actor };
    setDraft(next);
    apply(next);
  };

  return (
    <TabSection slug="audit" title="Audit log">
      <form className="audit-filters" aria-label="Audit log filters" onSubmit={onSubmit}>
        <LabelledSelect label="Entity type" value={draft.type} onChange={set('type')}>
          <option value="">All types</option>
          <ValueOptions values={ENTITY_TYPES} label={(t) => t.replace('_', ' ')} />
        </LabelledSelect>
        <label className="field">
          <span className="field__label">Actor id</span>
          <input value={draft.actor} onChange={set('actor')} placeholder="An account id or system" />
        </label>
        <LabelledSelect label="Decision" value={draft.decision} onChange={set('decision')}>
          <option value="">Any</option>
          <ValueOptions values={AUDIT_DECISIONS} label={(d) => d} />
        </LabelledSelect>
        <label className="field">
          <span className="field__label">Event type</span>
          <input list={eventsListId} value={draft.action_type} onChange={set('action_type')} placeholder="e.g. PermissionGranted" />
          <datalist id={eventsListId}>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span className="field__label">From</span>
          <input type="date" value={draft.startDate} onChange={set('startDate')} />
        </label>
        <label className="field">
          <span className="field__label">To</span>
          <input type="date" value={draft.endDate} onChange={set('endDate')} />
        </label>
        <div className="button-row audit-filters__actions">
          <button type="submit" className="button button--filled">
            Apply filters
          </button>
          <button
            type="button"
            className="button button--text"
            onClick={() => {
              setDraft(EMPTY);
              apply({});
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <QueryState
        query={{ ...query, isLoading: query.isLoading || (!data && query.isFetching) }}
        loadingLabel="Loading the audit log…"
        failedTitle="Could not load the audit log"
      >
        {data && data.entries.length === 0 && <EmptyState title="No events match" icon="list" />}
        {data && data.entries.length > 0 && (
          <>
            <div className="audit-summary">
              <ListCount refreshing={query.isFetching}>
                {plural(data.total, 'event')}
                {pinned && ` as of event ${pinned}`}
              </ListCount>
              {pinned && (
                <button
                  type="button"
                  className="button button--text button--small"
                  onClick={() => {
                    setPinned(null);
                    setPage(1);
                  }}
                >
                  Show newest
                </button>
              )}
            </div>
            <ol className="audit-list" aria-label="Audit events, newest first">
              {data.entries.map((e) => (
                <AuditRow
                  key={e.position}
                  entry={e}
                  onTimeline={() => setEntity({ type: e.entity_type, id: e.entity_id, position: e.position })}
                  onActor={() => byActor(e.actor.id)}
                />
              ))}
            </ol>
            <Pagination
              page={page}
              totalPages={pageCount(data.total, data.limit)}
              onPage={onPage}
              label="Audit log pages"
            />
          </>
        )}
      </QueryState>
      {entity && <EntityTimeline entity={entity} onClose={() => setEntity(null)} />}
    </TabSection>
  );
}

function AuditRow({ entry: e, onTimeline, onActor }: { entry: AuditEntry; onTimeline: () => void; onActor: () => void }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="audit-entry" data-testid="audit-entry" data-event-type={e.event_type}>
      <div className="audit-entry__summary">
        <div className="audit-entry__text">
          <p className="audit-entry__title">
            <strong>{e.event_type}</strong> <span className="muted">on</span> {e.entity_type.replace('_', ' ')}{' '}
            <code title={e.entity_id}>{shortId(e.entity_id)}</code>
          </p>
          <p className="row-list__meta">
            <time dateTime={e.recorded_at}>{formatDateTime(e.recorded_at)}</time> · {actorLabel(e.actor)} · via{' '}
            {e.source}
          </p>
          {e.reason && <p className="audit-entry__reason">Reason: {e.reason}</p>}
        </div>
        <button type="button" className="button button--text button--small" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {open ? 'Hide details' : 'Details'}
          <span className="visually-hidden"> of {e.event_type} {e.position}</span>
        </button>
      </div>
      <div id={detailsId} className="audit-entry__details" hidden={!open}>
        {open && (
          <>
            <dl className="tag-list">
              <div className="tag-list__row">
                <dt>Position</dt>
                <dd>
                  <code>{e.position}</code> (event {e.sequence} of its entity)
                </dd>
              </div>
              <div className="tag-list__row">
                <dt>Entity</dt>
                <dd>
                  <code>{e.entity_id}</code>
                </dd>
              </div>
              <div className="tag-list__row">
                <dt>Actor</dt>
                <dd>
                  <code>{e.actor.id}</code>
                </dd>
              </div>
            </dl>
            <div className="button-row">
              <button type="button" className="button button--tonal button--small" onClick={onTimeline}>
                Timeline of this {e.entity_type.replace('_', ' ')}
              </button>
              <button type="button" className="button button--outlined button--small" onClick={onActor}>
                Only events by {e.actor.display_name}
              </button>
              {e.link && (
                <Link className="button button--text button--small" to={e.link}>
                  Open in the app
                </Link>
              )}
            </div>
            <h3 className="audit-entry__heading">Payload</h3>
            <pre className="json" data-testid="audit-payload" tabIndex={0}>
              {json(e.payload)}
            </pre>
            <h3 className="audit-entry__heading">Metadata</h3>
            <pre className="json" tabIndex={0}>
              {json(e.metadata)}
            </pre>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * One entity's events, oldest first, and its state as of the one chosen (first, the event the
 * admin came from); "Now" shows the state after all of them. Events after the chosen one are
 * marked as not part of the state shown.
 */
function EntityTimeline({ entity, onClose }: { entity: EntityRef; onClose: () => void }) {
  const [asOf, setAsOf] = useState<string | null>(entity.position);
  const query = useGetEntityAuditQuery({ type: entity.type, id: entity.id, asOf });
  const data = query.data;
  const selectId = useId();
  const chosen = data?.events.find((ev) => ev.position === asOf);
  return (
    <Dialog open size="large" title={`Timeline of ${entity.type.replace('_', ' ')} ${shortId(entity.id)}`} onClose={onClose}>
      <QueryState
        query={{ ...query, isLoading: !data && (query.isLoading || query.isFetching) }}
        loadingLabel="Loading the timeline…"
        failedTitle="Could not load the timeline"
      >
        {data && (
          <div className="timeline">
            <p className="muted small">
              <code>{data.entity_id}</code>
            </p>
            <label className="field" htmlFor={selectId}>
              <span className="field__label">As of</span>
              <select id={selectId} value={asOf ?? ''} onChange={(e) => setAsOf(e.target.value || null)}>
                <option value="">Now (after every event)</option>
                {data.events.map((ev) => (
                  <option key={ev.position} value={ev.position}>
                    {`#${ev.sequence} ${ev.event_type} · ${formatDateTime(ev.recorded_at)}`}
                  </option>
                ))}
              </select>
            </label>
            <ol className="timeline__events" aria-label="Events of this entity, oldest first">
              {data.events.map((ev) => (
                <TimelineEvent key={ev.position} event={ev} current={ev.position === asOf} />
              ))}
            </ol>
            <h3 className="audit-entry__heading">
              {chosen ? `State as of #${chosen.sequence} ${chosen.event_type}` : 'State now'}
              {query.isFetching && (
                <>
                  {' '}
                  <Spinner label="Loading the state" />
                </>
              )}
            </h3>
            <pre className="json" data-testid="entity-state" tabIndex={0}>
              {json(data.state)}
            </pre>
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}

function TimelineEvent({ event: ev, current }: { event: EntityEvent; current: boolean }) {
  return (
    <li
      className={`timeline__event${ev.applied ? '' : ' timeline__event--later'}${current ? ' timeline__event--current' : ''}`}
      aria-current={current || undefined}
      data-testid="timeline-event"
    >
      <span className="timeline__seq">#{ev.sequence}</span> <strong>{ev.event_type}</strong>{' '}
      <span className="muted small">
        {formatDateTime(ev.recorded_at)} · {ev.actor.display_name}
        {ev.reason ? ` · ${ev.reason}` : ''}
      </span>
      {!ev.applied && <span className="chip chip--small">Not in the state shown</span>}
    </li>
  );
}
