/** /admin (admins): statistics, permissions, audit log and badges, as accessible tabs. */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { ADMIN_STATISTICS_DAYS } from '../../config/constants';
import { formatDate } from '../../lib/format';
import { adminApi } from './adminApi';
import './admin.css';

const TABS = [
  { id: 'statistics', label: 'Statistics' },
  { id: 'permissions', label: 'Permissions' },
  { id: 'audit', label: 'Audit log' },
  { id: 'badges', label: 'Badges' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function Unavailable({ what }: { what: string }) {
  return <p>{`${what} will be managed here once the server offers it.`}</p>;
}

function Statistics() {
  const { data, error, isLoading, refetch } = adminApi.useGetStatisticsQuery(ADMIN_STATISTICS_DAYS);
  if (isLoading) return <Loading><Skeleton /></Loading>;
  if (error) return <QueryFailure error={error} onRetry={() => void refetch()} title="Could not load statistics" unavailableTitle="Statistics aren’t available yet" unavailableText={<Unavailable what="Activity over the last 30 days" />} />;
  const entries = Object.entries(data ?? {}).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
  if (entries.length === 0) return <EmptyState title="No statistics yet" />;
  return (
    <dl className="stat-grid">
      {entries.map(([k, v]) => (
        <div key={k} className="stat">
          <dt>{k.replace(/_/g, ' ')}</dt>
          <dd>{typeof v === 'number' ? v.toLocaleString() : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Permissions() {
  const { data, error, isLoading, refetch } = adminApi.useGetPermissionsQuery({});
  if (isLoading) return <Loading><Skeleton /></Loading>;
  if (error) return <QueryFailure error={error} onRetry={() => void refetch()} title="Could not load permissions" unavailableTitle="Permissions aren’t available yet" unavailableText={<Unavailable what="Moderator and admin grants" />} />;
  if (!data || data.length === 0) return <EmptyState title="No permissions granted" />;
  return (
    <table className="table">
      <caption className="visually-hidden">Granted permissions</caption>
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">Permission</th>
          <th scope="col">Granted</th>
        </tr>
      </thead>
      <tbody>
        {data.map((p, i) => (
          <tr key={`${p.user_uuid ?? i}-${p.permission}`}>
            <td>{p.email ?? p.user_uuid}</td>
            <td>{p.permission}</td>
            <td>{formatDate(p.granted_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Audit() {
  const { data, error, isLoading, refetch } = adminApi.useGetAuditLogQuery({});
  if (isLoading) return <Loading><Skeleton /></Loading>;
  if (error) return <QueryFailure error={error} onRetry={() => void refetch()} title="Could not load the audit log" unavailableTitle="The audit log isn’t available yet" unavailableText={<Unavailable what="Every moderation and admin action" />} />;
  if (!data || data.length === 0) return <EmptyState title="No audit entries" />;
  return (
    <ul className="row-list">
      {data.map((a, i) => (
        <li key={a.id ?? i} className="row-list__item">
          <div className="row-list__link">
            <span className="row-list__text">
              <span className="row-list__title">{a.action_type ?? a.type ?? 'Action'}</span>
              <span className="row-list__meta">{[a.actor, a.decision, formatDate(a.created_at)].filter(Boolean).join(' · ')}</span>
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Badges() {
  const { data, error, isLoading, refetch } = adminApi.useGetBadgeDefinitionsQuery();
  if (isLoading) return <Loading><Skeleton /></Loading>;
  if (error) return <QueryFailure error={error} onRetry={() => void refetch()} title="Could not load badges" unavailableTitle="Badge management isn’t available yet" unavailableText={<Unavailable what="Badge definitions" />} />;
  if (!data || data.length === 0) return <EmptyState title="No badges defined" />;
  return (
    <ul className="badge-grid">
      {data.map((b, i) => (
        <li key={b.id ?? b.badge_key ?? i} className="badge-card">
          <span className="badge-card__emoji" aria-hidden="true">{b.icon_emoji ?? '🏅'}</span>
          <span className="badge-card__title">{b.title}</span>
          {b.description && <span className="muted small">{b.description}</span>}
        </li>
      ))}
    </ul>
  );
}

const PANELS: Record<TabId, () => ReactNode> = {
  statistics: () => <Statistics />,
  permissions: () => <Permissions />,
  audit: () => <Audit />,
  badges: () => <Badges />,
};

export function AdminPage() {
  const [tab, setTab] = useState<TabId>('statistics');
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i - 1 + TABS.length) % TABS.length : -1;
    const t = TABS[next];
    if (next >= 0 && t) {
      e.preventDefault();
      setTab(t.id);
      refs.current[t.id]?.focus();
    }
  };
  return (
    <div className="page">
      <PageHeader title="Admin" subtitle="Manage permissions, review activity and define badges" />
      <div role="tablist" aria-label="Admin sections" className="tabs" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`tabs__tab${tab === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}-tab`} className="tabs__panel">
        {PANELS[tab]()}
      </section>
    </div>
  );
}
