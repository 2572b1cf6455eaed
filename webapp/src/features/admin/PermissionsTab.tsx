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
import { PromptDialog } from '../../components/Dialog';
import { LabelledSelect, OptionList } from '../../components/Select';
import { EmptyState, ListCount, QueryState } from '../../components/states';
import { PERMISSION_REASON_MAX } from '../../config/constants';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { formatDate, plural } from '../../lib/format';
import { toastShown } from '../../lib/ui';
import { oneOfParam, withParams } from '../../lib/urlParams';
import { useChangePermissionMutation, useGetPermissionsQuery } from './adminApi';
import { TabSection } from './AdminParts';

const ROLE_LABELS: Record<Permission, string> = { moderator: 'Moderator', admin: 'Admin' };
const ROLE_FILTERS: Array<{ value: '' | Permission; label: string }> = [
  { value: '', label: 'All accounts' },
  { value: 'moderator', label: 'Moderators' },
  { value: 'admin', label: 'Admins' },
];

interface Change {
  account: AccountRoles;
  permission: Permission;
  grant: boolean;
}

const accountName = (a: AccountRoles) => a.email || a.profile_name || a.user_uuid;

export function PermissionsTab() {
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
    <TabSection slug="permissions" title="Permissions">
      <form className="toolbar" role="search" aria-label="Find accounts" onSubmit={onSearch}>
        <label className="field field--grow">
          <span className="field__label">E-mail or profile name</span>
          <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <LabelledSelect label="Role" value={role ?? ''} onChange={(e) => update({ role: e.target.value || null })}>
          <OptionList options={ROLE_FILTERS} />
        </LabelledSelect>
        <button type="submit" className="button button--filled">
          Search
        </button>
      </form>
      <QueryState
        query={{ ...query, isLoading: query.isLoading || (!accounts && query.isFetching) }}
        loadingLabel="Loading accounts…"
        failedTitle="Could not load permissions"
      >
        {accounts && accounts.length === 0 ? (
          <EmptyState title="No accounts match" icon="profile">
            <p>Try another part of the e-mail address or name, or another role.</p>
          </EmptyState>
        ) : (
          accounts && (
            <>
              <ListCount refreshing={query.isFetching}>
                {plural(accounts.length, 'account')}
                {accounts.length >= 50 && ' (the first 50: search to narrow them)'}
              </ListCount>
              <div className="table-scroll">
                <table className="table table--cards" data-testid="permissions-table">
                  <caption className="visually-hidden">Accounts and their roles</caption>
                  <thead>
                    <tr>
                      <th scope="col">Account</th>
                      <th scope="col">Member since</th>
                      <th scope="col">Roles</th>
                      <th scope="col">Change</th>
                    </tr>
                  </thead>
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
  const name = accountName(a);
  return (
    <tr data-testid="permission-row" data-user-id={a.user_uuid}>
      <th scope="row">
        <Link to={to.user(a.user_uuid)}>{a.email || a.user_uuid}</Link>
        {a.profile_name && <span className="muted small admin-account__name">{a.profile_name}</span>}
      </th>
      <td data-label="Member since">{formatDate(a.created_at)}</td>
      <td data-label="Roles">
        {a.permissions.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="chip-list" aria-label={`Roles of ${name}`}>
            {a.permissions.map((p) => (
              <li key={p} className="chip chip--small">
                {ROLE_LABELS[p]}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Change">
        <div className="button-row">
          {PERMISSIONS.map((p) => {
            const held = a.permissions.includes(p);
            return (
              <button
                key={p}
                type="button"
                className={`button button--small ${held ? 'button--outlined' : 'button--tonal'}`}
                onClick={() => onChange(p, !held)}
                aria-label={`${held ? 'Revoke' : 'Grant'} ${p} ${held ? 'from' : 'to'} ${name}`}
              >
                {held ? 'Revoke' : 'Grant'} {p}
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
  const dispatch = useAppDispatch();
  const [changePermission, { isLoading }] = useChangePermissionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { account, permission, grant } = change;
  const name = accountName(account);
  const title = grant ? `Grant ${permission} to ${name}` : `Revoke ${permission} from ${name}`;

  const submit = async (reason: string) => {
    setFailure(null);
    try {
      await changePermission({ grant, user_uuid: account.user_uuid, permission, reason }).unwrap();
    } catch (e) {
      setFailure(errorMessage(e, 'The change could not be saved'));
      return;
    }
    const done = grant ? `Granted ${permission} to ${name}` : `Revoked ${permission} from ${name}`;
    dispatch(toastShown({ type: 'success', message: done }));
    announce(done);
    onClose();
  };

  return (
    <PromptDialog
      open
      title={title}
      label="Reason"
      required
      multiline
      maxLength={PERMISSION_REASON_MAX}
      description={<p>The reason is kept in the audit log with the change. It takes effect on the account’s next request.</p>}
      confirmLabel={grant ? 'Grant' : 'Revoke'}
      error={failure}
      busy={isLoading}
      onSubmit={(reason) => void submit(reason)}
      onCancel={onClose}
    />
  );
}
