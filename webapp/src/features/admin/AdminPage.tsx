/**
 * /admin (admins): statistics, permissions, the audit log, replays of the read models, badges,
 * imports of open data and the areas people finish, as accessible tabs. The tab lives in the URL (`?tab=`), so the audit log's links
 * (`/admin?tab=badges`) and the back button land where they should; each tab keeps its own
 * parameters beside it.
 */
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { Tabs, useTabParam } from '../../components/Tabs';
import { useT, type MessageKey } from '../../i18n';
import { AreasTab } from './AreasTab';
import { AuditTab } from './AuditTab';
import { BadgesTab } from './BadgesTab';
import { ImportTab } from './ImportTab';
import { PermissionsTab } from './PermissionsTab';
import { ReplayTab } from './ReplayTab';
import { StatisticsTab } from './StatisticsTab';
import './admin.css';

const TABS = [
  { id: 'statistics', label: 'admin.tabs.statistics' },
  { id: 'permissions', label: 'admin.tabs.permissions' },
  { id: 'audit', label: 'admin.tabs.audit' },
  { id: 'replay', label: 'admin.tabs.replay' },
  { id: 'badges', label: 'admin.tabs.badges' },
  { id: 'import', label: 'admin.tabs.import' },
  { id: 'areas', label: 'admin.tabs.areas' },
] as const satisfies ReadonlyArray<{ id: string; label: MessageKey }>;

export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const { tab, items } = useTabParam(params, TABS);
  return (
    <div className="page admin-page">
      <PageHeader title={t('admin.page.title')} subtitle={t('admin.page.subtitle')} />
      {/* Each tab starts afresh: its own filters and pages do not carry over. */}
      <Tabs label={t('admin.page.sections')} tabs={items} value={tab} onChange={(next) => setParams(next === 'statistics' ? {} : { tab: next })}>
        {tab === 'statistics' && <StatisticsTab />}
        {tab === 'permissions' && <PermissionsTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'replay' && <ReplayTab />}
        {tab === 'badges' && <BadgesTab />}
        {tab === 'import' && <ImportTab />}
        {tab === 'areas' && <AreasTab />}
      </Tabs>
    </div>
  );
}
