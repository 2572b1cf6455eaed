/**
 * /admin (admins): statistics, permissions, the audit log, replays of the read models, badges and
 * imports of open data, as accessible tabs. The tab lives in the URL (`?tab=`), so the audit log's links
 * (`/admin?tab=badges`) and the back button land where they should; each tab keeps its own
 * parameters beside it.
 */
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { Tabs } from '../../components/Tabs';
import { oneOfParam } from '../../lib/urlParams';
import { AuditTab } from './AuditTab';
import { BadgesTab } from './BadgesTab';
import { ImportTab } from './ImportTab';
import { PermissionsTab } from './PermissionsTab';
import { ReplayTab } from './ReplayTab';
import { StatisticsTab } from './StatisticsTab';
import './admin.css';

const TABS = [
  { id: 'statistics', label: 'Statistics' },
  { id: 'permissions', label: 'Permissions' },
  { id: 'audit', label: 'Audit log' },
  { id: 'replay', label: 'Replay' },
  { id: 'badges', label: 'Badges' },
  { id: 'import', label: 'Import' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const TAB_IDS = TABS.map((t) => t.id);

export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = oneOfParam<TabId>(params.get('tab'), TAB_IDS, 'statistics');
  return (
    <div className="page admin-page">
      <PageHeader title="Admin" subtitle="Manage permissions, review activity, define badges and import open data" />
      {/* Each tab starts afresh: its own filters and pages do not carry over. */}
      <Tabs label="Admin sections" tabs={TABS} value={tab} onChange={(t) => setParams(t === 'statistics' ? {} : { tab: t })}>
        {tab === 'statistics' && <StatisticsTab />}
        {tab === 'permissions' && <PermissionsTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'replay' && <ReplayTab />}
        {tab === 'badges' && <BadgesTab />}
        {tab === 'import' && <ImportTab />}
      </Tabs>
    </div>
  );
}
