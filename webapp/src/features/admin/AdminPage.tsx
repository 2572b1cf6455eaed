/** /admin (admins): statistics, permissions, audit log and badges, as accessible tabs. */
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { Tabs } from '../../components/Tabs';
import { ADMIN_STATISTICS_DAYS } from '../../config/constants';
import { formatDate } from '../../lib/format';
import { adminApi } from './adminApi';

const TABS = [
  { id: 'statistics', label: 'Statistics' },
  { id: 'permissions', label: 'Permissions' },
  { id: 'audit', label: 'Audit log' },
  { id: 'badges', label: 'Badges' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** What a tab says when its query fails, when the server has no such route yet, and when it has nothing. */
const PANEL_TEXT: Record<TabId, { failed: string; unavailable: string; what: string; empty: string }> = {
  statistics: {
    failed: 'Could not load statistics',
    unavailable: 'Statistics aren’t available yet',
    what: 'Activity over the last 30 days',
    empty: 'No statistics yet',
  },
  permissions: {
    failed: 'Could not load permissions',
    unavailable: 'Permissions aren’t available yet',
    what: 'Moderator and admin grants',
    empty: 'No permissions granted',
  },
  audit: {
    failed: 'Could not load the audit log',
    unavailable: 'The audit log isn’t available yet',
    what: 'Every moderation and admin action',
    empty: 'No audit entries',
  },
  badges: {
    failed: 'Could not load badges',
    unavailable: 'Badge management isn’t available yet',
    what: 'Badge definitions',
    empty: 'No badges defined',
  },
};

/**
 * A tab's panel over one query: loading, its failure (or that the server has no such route yet),
 * empty when it has no `items`, else `children`; the words are the tab's `PANEL_TEXT`.
 */
function Panel<I>({
  tab,
  query,
  items,
  children,
}: {
  tab: TabId;
  query: { error?: unknown; isLoading: boolean; refetch: () => unknown };
  items: readonly I[];
  children: (items: readonly I[]) => ReactNode;
}) {
  const { failed, unavailable, what, empty } = PANEL_TEXT[tab];
  if (query.isLoading) return <Loading><Skeleton /></Loading>;
  if (query.error) {
    return (
      <QueryFailure
        error={query.error}
        onRetry={() => void query.refetch()}
        title={failed}
        unavailableTitle={unavailable}
        unavailableText={<p>{`${what} will be managed here once the server offers it.`}</p>}
      />
    );
  }
  if (items.length === 0) return <EmptyState title={empty} />;
  return children(items);
}

function Statistics() {
  const query = adminApi.useGetStatisticsQuery(ADMIN_STATISTICS_DAYS);
  const entries = Object.entries(query.data ?? {}).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
  return (
    <Panel tab="statistics" query={query} items={entries}>
      {(rows) => (
        <dl className="stat-grid">
          {rows.map(([k, v]) => (
            <div key={k} className="stat">
              <dt>{k.replace(/_/g, ' ')}</dt>
              <dd>{typeof v === 'number' ? v.toLocaleString() : String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Panel>
  );
}

function Permissions() {
  const query = adminApi.useGetPermissionsQuery({});
  return (
    <Panel tab="permissions" query={query} items={query.data ?? []}>
      {(grants) => (
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
            {grants.map((p, i) => (
              <tr key={`${p.user_uuid ?? i}-${p.permission}`}>
                <td>{p.email ?? p.user_uuid}</td>
                <td>{p.permission}</td>
                <td>{formatDate(p.granted_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function Audit() {
  const query = adminApi.useGetAuditLogQuery({});
  return (
    <Panel tab="audit" query={query} items={query.data ?? []}>
      {(entries) => (
        <ul className="row-list">
          {entries.map((a, i) => (
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
      )}
    </Panel>
  );
}

function Badges() {
  const query = adminApi.useGetBadgeDefinitionsQuery();
  return (
    <Panel tab="badges" query={query} items={query.data ?? []}>
      {(badges) => (
        <ul className="badge-grid">
          {badges.map((b, i) => (
            <li key={b.id ?? b.badge_key ?? i} className="badge-card">
              <span className="badge-card__emoji" aria-hidden="true">{b.icon_emoji ?? '🏅'}</span>
              <span className="badge-card__title">{b.title}</span>
              {b.description && <span className="muted small">{b.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </Panel>
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
  return (
    <div className="page">
      <PageHeader title="Admin" subtitle="Manage permissions, review activity and define badges" />
      <Tabs label="Admin sections" tabs={TABS} value={tab} onChange={setTab}>
        {PANELS[tab]()}
      </Tabs>
    </div>
  );
}
