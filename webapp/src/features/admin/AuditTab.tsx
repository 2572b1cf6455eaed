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
import { EmptyState, ListCount, loadingUntil, QueryState, Spinner } from '../../components/states';
import { t as translate, useT } from '../../i18n';
import { formatDateTime, pageCount } from '../../lib/format';
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
  display_name.toLowerCase() === role ? display_name : translate('admin.audit.actorWithRole', { name: display_name, role });

/** An entity type in words ("badge awards"). */
const entityLabel = (type: string) => translate('admin.audit.entity', { type, label: type.replace('_', ' ') });

interface EntityRef {
  type: string;
  id: string;
  /** The event whose state to show first. */
  position: string;
}

export function AuditTab() {
  const t = useT();
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
    <TabSection slug="audit" title={t('admin.audit.title')}>
      <form className="audit-filters" aria-label={t('admin.audit.filters')} onSubmit={onSubmit}>
        <LabelledSelect label={t('admin.audit.entityType')} value={draft.type} onChange={set('type')}>
          <option value="">{t('admin.audit.allTypes')}</option>
          <ValueOptions values={ENTITY_TYPES} label={entityLabel} />
        </LabelledSelect>
        <label className="field">
          <span className="field__label">{t('admin.audit.actorId')}</span>
          <input value={draft.actor} onChange={set('actor')} placeholder={t('admin.audit.actorPlaceholder')} />
        </label>
        <LabelledSelect label={t('admin.audit.decision')} value={draft.decision} onChange={set('decision')}>
          <option value="">{t('admin.audit.anyDecision')}</option>
          <ValueOptions values={AUDIT_DECISIONS} label={(decision) => t('admin.audit.decisionValue', { decision })} />
        </LabelledSelect>
        <label className="field">
          <span className="field__label">{t('admin.audit.eventType')}</span>
          <input list={eventsListId} value={draft.action_type} onChange={set('action_type')} placeholder={t('admin.audit.eventTypePlaceholder')} />
          <datalist id={eventsListId}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span className="field__label">{t('admin.audit.from')}</span>
          <input type="date" value={draft.startDate} onChange={set('startDate')} />
        </label>
        <label className="field">
          <span className="field__label">{t('admin.audit.to')}</span>
          <input type="date" value={draft.endDate} onChange={set('endDate')} />
        </label>
        <div className="button-row audit-filters__actions">
          <button type="submit" className="button button--filled">
            {t('admin.audit.apply')}
          </button>
          <button
            type="button"
            className="button button--text"
            onClick={() => {
              setDraft(EMPTY);
              apply({});
            }}
          >
            {t('admin.audit.clear')}
          </button>
        </div>
      </form>
      <QueryState query={loadingUntil(query, data)} loadingLabel={t('admin.audit.loading')} failedTitle={t('admin.audit.failed')}>
        {data && data.entries.length === 0 && <EmptyState title={t('admin.audit.empty')} icon="list" />}
        {data && data.entries.length > 0 && (
          <>
            <div className="audit-summary">
              <ListCount refreshing={query.isFetching}>
                {pinned ? t('admin.audit.countPinned', { count: data.total, position: pinned }) : t('admin.audit.count', { count: data.total })}
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
                  {t('admin.audit.showNewest')}
                </button>
              )}
            </div>
            <ol className="audit-list" aria-label={t('admin.audit.events')}>
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
              label={t('admin.audit.pages')}
            />
          </>
        )}
      </QueryState>
      {entity && <EntityTimeline entity={entity} onClose={() => setEntity(null)} />}
    </TabSection>
  );
}

function AuditRow({ entry: e, onTimeline, onActor }: { entry: AuditEntry; onTimeline: () => void; onActor: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="audit-entry" data-testid="audit-entry" data-event-type={e.event_type}>
      <div className="audit-entry__summary">
        <div className="audit-entry__text">
          <p className="audit-entry__title">
            <strong>{e.event_type}</strong> <span className="muted">{t('admin.audit.on')}</span> {entityLabel(e.entity_type)}{' '}
            <code title={e.entity_id}>{shortId(e.entity_id)}</code>
          </p>
          <p className="row-list__meta">
            <time dateTime={e.recorded_at}>{formatDateTime(e.recorded_at)}</time> · {actorLabel(e.actor)} ·{' '}
            {t('admin.audit.via', { source: e.source })}
          </p>
          {e.reason && <p className="audit-entry__reason">{t('admin.audit.reason', { reason: e.reason })}</p>}
        </div>
        <button type="button" className="button button--text button--small" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {open ? t('admin.audit.hideDetails') : t('admin.audit.details')}
          <span className="visually-hidden"> {t('admin.audit.detailsOf', { eventType: e.event_type, position: e.position })}</span>
        </button>
      </div>
      <div id={detailsId} className="audit-entry__details" hidden={!open}>
        {open && (
          <>
            <dl className="tag-list">
              <div className="tag-list__row">
                <dt>{t('admin.audit.position')}</dt>
                <dd>
                  <code>{e.position}</code> {t('admin.audit.sequence', { sequence: e.sequence })}
                </dd>
              </div>
              <div className="tag-list__row">
                <dt>{t('admin.audit.entityLabel')}</dt>
                <dd>
                  <code>{e.entity_id}</code>
                </dd>
              </div>
              <div className="tag-list__row">
                <dt>{t('admin.audit.actor')}</dt>
                <dd>
                  <code>{e.actor.id}</code>
                </dd>
              </div>
            </dl>
            <div className="button-row">
              <button type="button" className="button button--tonal button--small" onClick={onTimeline}>
                {t('admin.audit.timelineOfThis', { type: e.entity_type, label: e.entity_type.replace('_', ' ') })}
              </button>
              <button type="button" className="button button--outlined button--small" onClick={onActor}>
                {t('admin.audit.onlyBy', { name: e.actor.display_name })}
              </button>
              {e.link && (
                <Link className="button button--text button--small" to={e.link}>
                  {t('admin.audit.open')}
                </Link>
              )}
            </div>
            <h3 className="audit-entry__heading">{t('admin.audit.payload')}</h3>
            <pre className="json" data-testid="audit-payload" tabIndex={0}>
              {json(e.payload)}
            </pre>
            <h3 className="audit-entry__heading">{t('admin.audit.metadata')}</h3>
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
  const t = useT();
  const [asOf, setAsOf] = useState<string | null>(entity.position);
  const query = useGetEntityAuditQuery({ type: entity.type, id: entity.id, asOf });
  const data = query.data;
  const selectId = useId();
  const chosen = data?.events.find((ev) => ev.position === asOf);
  return (
    <Dialog
      open
      size="large"
      title={t('admin.audit.timelineOf', { type: entity.type, label: entity.type.replace('_', ' '), id: shortId(entity.id) })}
      onClose={onClose}
    >
      <QueryState query={loadingUntil(query, data)} loadingLabel={t('admin.audit.timelineLoading')} failedTitle={t('admin.audit.timelineFailed')}>
        {data && (
          <div className="timeline">
            <p className="muted small">
              <code>{data.entity_id}</code>
            </p>
            <label className="field" htmlFor={selectId}>
              <span className="field__label">{t('admin.audit.asOf')}</span>
              <select id={selectId} value={asOf ?? ''} onChange={(e) => setAsOf(e.target.value || null)}>
                <option value="">{t('admin.audit.now')}</option>
                {data.events.map((ev) => (
                  <option key={ev.position} value={ev.position}>
                    {`#${ev.sequence} ${ev.event_type} · ${formatDateTime(ev.recorded_at)}`}
                  </option>
                ))}
              </select>
            </label>
            <ol className="timeline__events" aria-label={t('admin.audit.timelineEvents')}>
              {data.events.map((ev) => (
                <TimelineEvent key={ev.position} event={ev} current={ev.position === asOf} />
              ))}
            </ol>
            <h3 className="audit-entry__heading">
              {chosen ? t('admin.audit.stateAsOf', { sequence: chosen.sequence, eventType: chosen.event_type }) : t('admin.audit.stateNow')}
              {query.isFetching && (
                <>
                  {' '}
                  <Spinner label={t('admin.audit.stateLoading')} />
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
  const t = useT();
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
      {!ev.applied && <span className="chip chip--small">{t('admin.audit.notApplied')}</span>}
    </li>
  );
}
