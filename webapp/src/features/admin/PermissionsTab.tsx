/**
 * Permissions: accounts with their roles, found by part of an e-mail address or profile name and
 * filtered by role; a role is granted or revoked with a reason (required, kept in the audit log),
 * asked in a dialog that shows the server's refusal (revoking the last admin's own admin, a role
 * not held).
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { PERMISSIONS, type AccountRoles, type Permission } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PromptDialog } from '../../components/Dialog';
import { LabelledSelect, OptionList } from '../../components/Select';
import { EmptyState, ListCount, loadingUntil, QueryState } from '../../components/states';
import { PERMISSION_REASON_MAX } from '../../config/constants';
import { to } from '../../config/routes';
import { t as translate, useT, type MessageKey } from '../../i18n';
import { formatDate } from '../../lib/format';
import { successShown } from '../../lib/ui';
import { oneOfParam, withParams } from '../../lib/urlParams';
import { useChangePermissionMutation, useGetPermissionsQuery } from './adminApi';
import { TabSection } from './AdminParts';

const ROLE_LABELS: Record<Permission, MessageKey> = { moderator: 'admin.permissions.role.moderator', admin: 'admin.permissions.role.admin' };
const ROLE_FILTERS: Array<{ value: '' | Permission; label: MessageKey }> = [
  { value: '', label: 'admin.permissions.filter.all' },
  { value: 'moderator', label: 'admin.permissions.filter.moderators' },
  { value: 'admin', label: 'admin.permissions.filter.admins' },
];

interface Change {
  account: AccountRoles;
  permission: Permission;
  grant: boolean;
}

const accountName = (a: AccountRoles) => a.email || a.profile_name || a.user_uuid;

export function PermissionsTab() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const role = oneOfParam<'' | Permission>(params.get('role'), PERMISSIONS, '') || undefined;
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const query = useGetPermissionsQuery({ permission: role, search });
  const [changing, setChanging] = useState<Change | null>(null);
  const update = (changes: Record<string, string | null>) => setParams(withParams(params, changes));

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft.trim() || null });
  };

  const accounts = query.currentData;
  return (
    <TabSection slug="permissions" title={t('admin.permissions.title')}>
      <form className="toolbar" role="search" aria-label={t('admin.permissions.find')} onSubmit={onSearch}>
        <label className="field field--grow">
          <span className="field__label">{t('admin.permissions.searchLabel')}</span>
          <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <LabelledSelect label={t('admin.permissions.roleLabel')} value={role ?? ''} onChange={(e) => update({ role: e.target.value || null })}>
          <OptionList options={ROLE_FILTERS.map(({ value, label }) => ({ value, label: t(label) }))} />
        </LabelledSelect>
        <button type="submit" className="button button--filled">
          {t('common.search')}
        </button>
      </form>
      <QueryState query={loadingUntil(query, accounts)} loadingLabel={t('admin.permissions.loading')} failedTitle={t('admin.permissions.failed')}>
        {accounts && accounts.length === 0 ? (
          <EmptyState title={t('admin.permissions.empty')} icon="profile">
            <p>{t('admin.permissions.emptyHint')}</p>
          </EmptyState>
        ) : (
          accounts && (
            <>
              <ListCount refreshing={query.isFetching}>
                {t(accounts.length >= 50 ? 'admin.permissions.countCapped' : 'admin.permissions.count', { count: accounts.length })}
              </ListCount>
              <div className="table-scroll">
                <table className="table table--cards" data-testid="permissions-table">
                  <caption className="visually-hidden">{t('admin.permissions.caption')}</caption>
                  <ColumnHeads columns={[t('admin.permissions.col.account'), t('admin.permissions.col.memberSince'), t('admin.permissions.col.roles'), t('admin.permissions.col.change')]} />
                  <tbody>
                    {accounts.map((a) => (
                      <AccountRow key={a.user_uuid} account={a} onChange={(permission, grant) => setChanging({ account: a, permission, grant })} />
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        )}
      </QueryState>
      {changing && <ChangeDialog change={changing} onClose={() => setChanging(null)} />}
    </TabSection>
  );
}

function AccountRow({ account: a, onChange }: { account: AccountRoles; onChange: (permission: Permission, grant: boolean) => void }) {
  const t = useT();
  const name = accountName(a);
  return (
    <tr data-testid="permission-row" data-user-id={a.user_uuid}>
      <th scope="row">
        <Link to={to.user(a.user_uuid)}>{a.email || a.user_uuid}</Link>
        {a.profile_name && <span className="muted small admin-account__name">{a.profile_name}</span>}
      </th>
      <td data-label={t('admin.permissions.col.memberSince')}>{formatDate(a.created_at)}</td>
      <td data-label={t('admin.permissions.col.roles')}>
        {a.permissions.length === 0 ? (
          <span className="muted">{t('common.none')}</span>
        ) : (
          <ul className="chip-list" aria-label={t('admin.permissions.rolesOf', { name })}>
            {a.permissions.map((p) => (
              <li key={p} className="chip chip--small">
                {t(ROLE_LABELS[p])}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label={t('admin.permissions.col.change')}>
        <div className="button-row">
          {PERMISSIONS.map((p) => {
            const held = a.permissions.includes(p);
            return (
              <button
                key={p}
                type="button"
                className={`button button--small ${held ? 'button--outlined' : 'button--tonal'}`}
                onClick={() => onChange(p, !held)}
                aria-label={t(held ? 'admin.permissions.revokeFrom' : 'admin.permissions.grantTo', { permission: p, name })}
              >
                {t(held ? 'admin.permissions.revokeRole' : 'admin.permissions.grantRole', { permission: p })}
              </button>
            );
          })}
        </div>
      </td>
    </tr>
  );
}

/** Asks the reason of a grant or revocation; closes once the server agreed, shows its refusal otherwise. */
function ChangeDialog({ change, onClose }: { change: Change; onClose: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [changePermission, { isLoading }] = useChangePermissionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { account, permission, grant } = change;
  const name = accountName(account);
  const title = t(grant ? 'admin.permissions.grantTo' : 'admin.permissions.revokeFrom', { permission, name });

  const submit = async (reason: string) => {
    setFailure(null);
    try {
      await changePermission({ grant, user_uuid: account.user_uuid, permission, reason }).unwrap();
    } catch (e) {
      setFailure(errorMessage(e, translate('admin.permissions.saveFailed')));
      return;
    }
    const done = translate(grant ? 'admin.permissions.granted' : 'admin.permissions.revoked', { permission, name });
    dispatch(successShown(done));
    onClose();
  };

  return (
    <PromptDialog
      open
      title={title}
      label={t('admin.permissions.reason')}
      required
      multiline
      maxLength={PERMISSION_REASON_MAX}
      description={<p>{t('admin.permissions.reasonHint')}</p>}
      confirmLabel={t(grant ? 'admin.permissions.grant' : 'admin.permissions.revoke')}
      error={failure}
      busy={isLoading}
      onSubmit={(reason) => void submit(reason)}
      onCancel={onClose}
    />
  );
}
