import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountRoles, AdminStatistics, AuditEntry, AuditPage, CatalogueBadge, EntityAudit, Permission } from '../../api/types';
import { setLocale } from '../../i18n';
import { apiError, bodyOf, envelope, type Handler, mockFetch, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute, toastMessages } from '../../testing/render';

const paramsOf = (req: RecordedRequest) => Object.fromEntries(req.url.searchParams);

/** `element` reads each of `texts`. */
function expectToRead(element: Element, ...texts: string[]) {
  for (const text of texts) expect(element).toHaveTextContent(text);
}

/* ---- Statistics ---- */

const STATS = {
  days: 30,
  artworks: { approved: 1200, removed: 3, pending: 7 },
  artists: 340,
  accounts: 58,
  submissions_by_status: { pending: 7, approved: 90, rejected: 5 },
  submissions_by_type: { new_artwork: 40, logbook: 50, artwork_edit: 12 },
  feedback: { open: 2, archived: 1, resolved: 4 },
  decisions: 21,
  median_hours_to_decision: 5.25,
  active_contributors: 9,
  per_day: [
    { day: '2025-05-01', submissions: 3, approved: 2, rejected: 1, accounts: 1 },
    { day: '2025-05-02', submissions: 5, approved: 4, rejected: 0, accounts: 2 },
    { day: '2025-05-03', submissions: 0, approved: 1, rejected: 0, accounts: 4 },
  ],
} satisfies AdminStatistics;

// The chart library's first load and SVG layout in jsdom take seconds on a busy machine.
describe('/admin: statistics', { timeout: 20_000 }, () => {
  it('shows the totals as cards and the per-day series as charts with their numbers', async () => {
    const { callsTo } = mockFetch({ 'GET /api/admin/statistics': () => envelope(STATS) });
    renderRoute('/admin', { who: 'admin' });
    const cards = await screen.findByTestId('statistics-cards');
    expect(paramsOf(callsTo('/api/admin/statistics')[0]!)).toEqual({ days: '30' });
    const card = (label: string) => within(cards).getByText(label).closest('.stat')!;
    expectToRead(card('Artworks'), '1,210', '1,200 approved · 3 removed · 7 pending');
    expect(card('Artists')).toHaveTextContent('340');
    expect(card('Accounts')).toHaveTextContent('58');
    expect(card('Feedback')).toHaveTextContent('2 open');
    expect(card('Decisions (last 30 days)')).toHaveTextContent('21');
    expect(card('Median time to a decision')).toHaveTextContent('5.3 h');
    expect(card('Active contributors (last 30 days)')).toHaveTextContent('9');

    const activity = screen.getByTestId('chart-activity');
    const accounts = screen.getByTestId('chart-accounts');
    expect(activity).toHaveAccessibleName('Submissions and decisions per day, last 30 days');
    expect(accounts).toHaveAccessibleName('New accounts per day, last 30 days');
    // Drawn by the chart library: an SVG surface with one line per series, one bar per day.
    await waitFor(() => expect(activity.querySelectorAll('.recharts-line')).toHaveLength(3));
    expect(activity.querySelector('svg.recharts-surface')).not.toBeNull();
    await waitFor(() => expect(accounts.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3));
    // The same numbers as a table.
    const rows = within(within(activity).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['DaySubmissionsApprovedRejected', expect.stringMatching(/^.+321$/), expect.stringMatching(/^.+540$/), expect.stringMatching(/^.+010$/)]);
    expect(screen.getByText('artwork edit').closest('div')).toHaveTextContent('12');
  });

  it('reads another window when chosen', async () => {
    const { callsTo } = mockFetch({ 'GET /api/admin/statistics': (req) => envelope({ ...STATS, days: Number(req.url.searchParams.get('days')) }) });
    renderRoute('/admin', { who: 'admin' });
    await screen.findByTestId('statistics-cards');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Window' }), '7');
    await waitFor(() => expect(screen.getByTestId('chart-accounts')).toHaveAccessibleName('New accounts per day, last 7 days'));
    expect(callsTo('/api/admin/statistics').map((c) => c.url.searchParams.get('days'))).toEqual(['30', '7']);
  });

  it('offers a retry when statistics fail', async () => {
    let fail = true;
    mockFetch({ 'GET /api/admin/statistics': () => (fail ? apiError(500, 'INTERNAL_ERROR', 'Database unavailable') : envelope(STATS)) });
    renderRoute('/admin', { who: 'admin' });
    expect(await screen.findByText('Could not load statistics')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('statistics-cards')).toBeInTheDocument();
  });
});

/* ---- Permissions ---- */

const ADA = {
  user_uuid: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.org',
  profile_name: 'ada-l',
  created_at: '2025-01-10T00:00:00Z',
  permissions: [],
} satisfies AccountRoles;
const GRACE = {
  user_uuid: '22222222-2222-4222-8222-222222222222',
  email: 'grace@example.org',
  profile_name: null,
  created_at: '2025-02-10T00:00:00Z',
  permissions: ['admin'],
} satisfies AccountRoles;

function permissionsServer(over: Record<string, Handler> = {}) {
  const accounts: AccountRoles[] = [ADA, GRACE].map((a) => ({ ...a, permissions: [...a.permissions] }));
  const change = (grant: boolean) => (req: RecordedRequest) => {
    const { user_uuid, permission } = bodyOf<{ user_uuid: string; permission: Permission }>(req);
    const a = accounts.find((x) => x.user_uuid === user_uuid)!;
    a.permissions = grant ? [...a.permissions.filter((p) => p !== permission), permission] : a.permissions.filter((p) => p !== permission);
    return envelope({ user_uuid, permission, granted: grant }, { 'X-Event-Position': '901-1' });
  };
  return mockFetch({
    'GET /api/admin/statistics': () => envelope(STATS),
    'GET /api/admin/permissions': (req) => {
      const role = req.url.searchParams.get('permission') as Permission | null;
      const search = req.url.searchParams.get('search') ?? '';
      return envelope({
        accounts: accounts.filter((a) => (!role || a.permissions.includes(role)) && (a.email.includes(search) || (a.profile_name ?? '').includes(search))),
      });
    },
    'POST /api/admin/permissions/grant': change(true),
    'POST /api/admin/permissions/revoke': change(false),
    ...over,
  });
}

const row = (email: string) => screen.getAllByTestId('permission-row').find((r) => r.textContent?.includes(email))!;

describe('/admin: permissions', () => {
  it('lists accounts with their roles, found by e-mail or name and filtered by role', async () => {
    const { callsTo } = permissionsServer();
    const { router } = renderRoute('/admin?tab=permissions', { who: 'admin' });
    await screen.findByTestId('permissions-table');
    expect(screen.getByRole('tab', { name: 'Permissions' })).toHaveAttribute('aria-selected', 'true');
    expect(within(row('ada@example.org')).getByText('None')).toBeInTheDocument();
    expect(within(row('ada@example.org')).getByText('ada-l')).toBeInTheDocument();
    expect(within(row('grace@example.org')).getByRole('list', { name: 'Roles of grace@example.org' })).toHaveTextContent('Admin');

    await userEvent.type(screen.getByRole('searchbox', { name: 'E-mail or profile name' }), 'ada{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('permission-row')).toHaveLength(1));
    expect(paramsOf(callsTo('/api/admin/permissions').at(-1)!)).toEqual({ search: 'ada' });
    expect(router.state.location.search).toBe('?tab=permissions&q=ada');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'E-mail or profile name' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'E-mail or profile name' }), '{Enter}');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await waitFor(() => expect(paramsOf(callsTo('/api/admin/permissions').at(-1)!)).toEqual({ permission: 'admin' }));
    await waitFor(() => expect(screen.getAllByTestId('permission-row').map((r) => r.dataset.userId)).toEqual([GRACE.user_uuid]));
  });

  it('grants a role only with a reason, and shows it at once', async () => {
    const { callsTo } = permissionsServer();
    const { store } = renderRoute('/admin?tab=permissions', { who: 'admin' });
    await screen.findByTestId('permissions-table');
    await userEvent.click(screen.getByRole('button', { name: 'Grant moderator to ada@example.org' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant moderator to ada@example.org' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason is required');
    expect(callsTo('/api/admin/permissions/grant')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Trusted local historian ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo('/api/admin/permissions/grant')[0]!)).toEqual({
      user_uuid: ADA.user_uuid,
      permission: 'moderator',
      reason: 'Trusted local historian',
    });
    expect(within(row('ada@example.org')).getByRole('list', { name: 'Roles of ada@example.org' })).toHaveTextContent('Moderator');
    expect(screen.getByRole('button', { name: 'Revoke moderator from ada@example.org' })).toBeInTheDocument();
    expect(toastMessages(store)).toContain('Granted moderator to ada@example.org');
  });

  it('shows the server’s refusal in the dialog and keeps the role as it was', async () => {
    const { callsTo } = permissionsServer({
      'POST /api/admin/permissions/revoke': () => apiError(409, 'CONFLICT', 'The last admin cannot give up admin'),
    });
    renderRoute('/admin?tab=permissions', { who: 'admin' });
    await screen.findByTestId('permissions-table');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke admin from grace@example.org' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke admin from grace@example.org' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Stepping down');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The last admin cannot give up admin');
    expect(callsTo('/api/admin/permissions/revoke')).toHaveLength(1);
    expect(within(row('grace@example.org')).getByRole('list', { name: 'Roles of grace@example.org' })).toHaveTextContent('Admin');
  });
});

describe('/admin in French', () => {
  it('shows the page, its tabs and the permissions in French', async () => {
    setLocale('fr');
    permissionsServer();
    renderRoute('/admin?tab=permissions', { who: 'admin' });
    await screen.findByTestId('permissions-table');
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Autorisations' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Journal d’audit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Autorisations' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Membre depuis' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Courriel ou nom de profil' })).toBeInTheDocument();
    const grant = within(row('ada@example.org')).getByRole('button', { name: /^Nommer modérateur\s:\sada@example\.org$/ });
    expect(grant).toHaveTextContent('Nommer modérateur');
    expect(within(row('grace@example.org')).getByRole('list', { name: 'Rôles de grace@example.org' })).toHaveTextContent('Administrateur');
  });
});

/* ---- Audit ---- */

function entry(n: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    position: `900-${n}`,
    recorded_at: `2025-05-0${Math.min(9, n)}T10:00:00Z`,
    event_type: 'SubmissionApproved',
    entity_type: 'submission',
    entity_id: `0000000${n}-0000-4000-8000-000000000000`,
    sequence: 2,
    actor: { id: '33333333-3333-4333-8333-333333333333', display_name: 'mod-ada', role: 'moderator' },
    source: 'web',
    reason: null,
    link: `/review?submission=0000000${n}-0000-4000-8000-000000000000`,
    payload: { SubmissionApproved: { artwork_id: 'x' } },
    metadata: { actor_id: '33333333-3333-4333-8333-333333333333', actor_role: 'moderator' },
    ...over,
  };
}

const GRANTED = entry(3, {
  event_type: 'PermissionGranted',
  entity_type: 'account',
  entity_id: ADA.user_uuid,
  sequence: 4,
  actor: { id: GRACE.user_uuid, display_name: 'grace', role: 'admin' },
  source: 'admin',
  reason: 'Trusted local historian',
  link: `/users/${ADA.user_uuid}`,
  payload: { PermissionGranted: { permission: 'moderator', reason: 'Trusted local historian' } },
});

/** A moderator without a profile name: the server names them by their role. */
const STAFF_WITHOUT_NAME = entry(2, {
  actor: { id: '44444444-4444-4444-8444-444444444444', display_name: 'Moderator', role: 'moderator' },
});

function auditServer() {
  return mockFetch({
    'GET /api/admin/audit': (req) => {
      const page = Number(req.url.searchParams.get('page'));
      const entries = page === 1 ? [GRANTED, STAFF_WITHOUT_NAME] : [entry(1)];
      return envelope({ entries, total: 51, page, limit: 50, as_of: '900-3' } satisfies AuditPage);
    },
    [`GET /api/admin/audit/entity/account/${ADA.user_uuid}`]: (req) => {
      const asOf = req.url.searchParams.get('as_of');
      const events = [
        { ...GRANTED, position: '800-1', sequence: 1, event_type: 'AccountSignedUp', reason: null, payload: { AccountSignedUp: {} } },
        GRANTED,
      ].map((e) => ({ ...e, applied: !asOf || e.position <= asOf }));
      const state = asOf === '800-1' ? { email: ADA.email, permissions: [] } : { email: ADA.email, permissions: ['moderator'] };
      return envelope({ entity_type: 'account', entity_id: ADA.user_uuid, events, state, as_of: asOf } satisfies EntityAudit);
    },
  });
}

describe('/admin: audit log', () => {
  it('lists events newest first, each opening to its full payload', async () => {
    const { callsTo } = auditServer();
    renderRoute('/admin?tab=audit', { who: 'admin' });
    const entries = await screen.findAllByTestId('audit-entry');
    expect(paramsOf(callsTo('/api/admin/audit')[0]!)).toEqual({ page: '1', limit: '50' });
    expect(entries.map((e) => e.dataset.eventType)).toEqual(['PermissionGranted', 'SubmissionApproved']);
    expect(entries[0]).toHaveTextContent('grace (admin)');
    expect(entries[1]).toHaveTextContent(/ · Moderator · via/);
    expect(entries[1]).not.toHaveTextContent('Moderator (moderator)');
    expect(entries[0]).toHaveTextContent('Reason: Trusted local historian');
    expect(within(entries[0]!).queryByTestId('audit-payload')).not.toBeInTheDocument();

    const details = within(entries[0]!).getByRole('button', { name: /^Details/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(JSON.parse(within(entries[0]!).getByTestId('audit-payload').textContent)).toEqual(GRANTED.payload);
    expect(within(entries[0]!).getByRole('link', { name: 'Open in the app' })).toHaveAttribute('href', `/users/${ADA.user_uuid}`);
  });

  it('sends the filters, and pins later pages to the first page’s as_of', async () => {
    const { callsTo } = auditServer();
    renderRoute('/admin?tab=audit', { who: 'admin' });
    await screen.findAllByTestId('audit-entry');
    const filters = screen.getByRole('form', { name: 'Audit log filters' });
    await userEvent.selectOptions(within(filters).getByRole('combobox', { name: 'Entity type' }), 'account');
    await userEvent.type(within(filters).getByRole('textbox', { name: 'Actor id' }), GRACE.user_uuid);
    await userEvent.selectOptions(within(filters).getByRole('combobox', { name: 'Decision' }), 'approved');
    await userEvent.type(within(filters).getByRole('combobox', { name: 'Event type' }), 'PermissionGranted');
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2025-05-01' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2025-05-31' } });
    await userEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(paramsOf(callsTo('/api/admin/audit').at(-1)!)).toEqual({
        type: 'account',
        actor: GRACE.user_uuid,
        decision: 'approved',
        action_type: 'PermissionGranted',
        startDate: '2025-05-01',
        endDate: '2025-05-31',
        page: '1',
        limit: '50',
      }),
    );
    await screen.findAllByTestId('audit-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(paramsOf(callsTo('/api/admin/audit').at(-1)!)).toMatchObject({ page: '2', as_of: '900-3', type: 'account' }));
    expect(await screen.findByText(/51 events as of event 900-3/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show newest' }));
    await waitFor(() => expect(paramsOf(callsTo('/api/admin/audit').at(-1)!)).not.toHaveProperty('as_of'));
  });

  it('shows an entity’s timeline and its state as of the chosen event', async () => {
    const { callsTo } = auditServer();
    renderRoute('/admin?tab=audit', { who: 'admin' });
    const [granted] = await screen.findAllByTestId('audit-entry');
    await userEvent.click(within(granted!).getByRole('button', { name: /^Details/ }));
    await userEvent.click(within(granted!).getByRole('button', { name: 'Timeline of this account' }));
    const dialog = await screen.findByRole('dialog', { name: /^Timeline of account/ });
    const path = `/api/admin/audit/entity/account/${ADA.user_uuid}`;
    expect(paramsOf(callsTo(path)[0]!)).toEqual({ as_of: '900-3' });
    const state = await within(dialog).findByTestId('entity-state');
    expect(JSON.parse(state.textContent)).toEqual({ email: ADA.email, permissions: ['moderator'] });
    expect(within(dialog).getAllByTestId('timeline-event').map((e) => e.textContent)).toEqual([
      expect.stringContaining('#1 AccountSignedUp'),
      expect.stringContaining('#4 PermissionGranted'),
    ]);

    const asOf = within(dialog).getByRole('combobox', { name: 'As of' });
    await userEvent.selectOptions(asOf, '800-1');
    await waitFor(() => expect(JSON.parse(within(dialog).getByTestId('entity-state').textContent)).toEqual({ email: ADA.email, permissions: [] }));
    expect(paramsOf(callsTo(path).at(-1)!)).toEqual({ as_of: '800-1' });
    expect(within(dialog).getByRole('heading', { name: /State as of #1 AccountSignedUp/ })).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('timeline-event')[1]).toHaveTextContent('Not in the state shown');

    await userEvent.selectOptions(asOf, '');
    await waitFor(() => expect(paramsOf(callsTo(path).at(-1)!)).toEqual({}));
    expect(await within(dialog).findByRole('heading', { name: 'State now' })).toBeInTheDocument();
  });
});

/* ---- Badges ---- */

const FIRST = {
  badge_id: '44444444-aaaa-4aaa-8aaa-444444444444',
  badge_key: 'first_find',
  title: 'First find',
  description: 'Your first approved artwork',
  icon_emoji: '🔍',
  award_reason: '1 approved submission',
  rule: { kind: 'approved_submissions', at_least: 1 },
  active: true,
  award_count: 12,
} satisfies CatalogueBadge;
const OLD = {
  ...FIRST,
  badge_id: '55555555-aaaa-4aaa-8aaa-555555555555',
  badge_key: 'old_timer',
  title: 'Old timer',
  award_reason: 'A member for 365 days',
  rule: { kind: 'account_age', days: 365 },
  active: false,
  award_count: 1,
} satisfies CatalogueBadge;

function badgesServer(over: Record<string, Handler> = {}) {
  const badges: CatalogueBadge[] = [{ ...FIRST }, { ...OLD }];
  return {
    badges,
    ...mockFetch({
      'GET /api/admin/badges': () => envelope({ badges }),
      'POST /api/admin/badges': () => json201({ badge_id: '66666666-aaaa-4aaa-8aaa-666666666666' }),
      [`DELETE /api/admin/badges/${FIRST.badge_id}`]: () => {
        badges[0]!.active = false;
        return envelope({ badge_id: FIRST.badge_id });
      },
      [`PUT /api/admin/badges/${OLD.badge_id}`]: (req) => {
        Object.assign(badges[1]!, bodyOf(req));
        return envelope({ badge_id: OLD.badge_id });
      },
      [`PUT /api/admin/badges/${FIRST.badge_id}`]: (req) => {
        Object.assign(badges[0]!, bodyOf(req));
        return envelope({ badge_id: FIRST.badge_id });
      },
      ...over,
    }),
  };
}

function json201(data: unknown): Response {
  return new Response(JSON.stringify({ success: true, data, timestamp: '2025-01-01T00:00:00Z' }), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });
}

const badgeRow = (key: string) => screen.getAllByTestId('badge-row').find((r) => r.dataset.badgeKey === key)!;

describe('/admin: badges', () => {
  it('lists every badge with what earns it, its awards and whether it is active', async () => {
    badgesServer();
    renderRoute('/admin?tab=badges', { who: 'admin' });
    await screen.findByTestId('badges-table');
    expectToRead(badgeRow('first_find'), 'First find', '1 approved submission', '12 accounts', 'Active');
    expectToRead(badgeRow('old_timer'), '1 account', 'Inactive');
  });

  it('checks the form before sending, then shows the server’s refusals beside their fields', async () => {
    let answer: () => Response = () => apiError(400, 'VALIDATION_ERROR', 'title must be at most 60 characters', { field: 'title' });
    const { callsTo } = badgesServer({ 'POST /api/admin/badges': () => answer() });
    renderRoute('/admin?tab=badges', { who: 'admin' });
    await screen.findByTestId('badges-table');
    await userEvent.click(screen.getByRole('button', { name: 'New badge' }));
    const dialog = screen.getByRole('dialog', { name: 'New badge' });
    const field = (name: string | RegExp) => within(dialog).getByRole(name === 'At least' || name === 'Days' ? 'spinbutton' : 'textbox', { name });

    await userEvent.type(field('Key'), 'Bad Key!');
    await userEvent.clear(field('At least'));
    await userEvent.type(field('At least'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Define badge' }));
    expect(callsTo('/api/admin/badges').filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(field('Key')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Key')).toHaveAccessibleDescription(/Use lowercase letters a–z, digits and _ only/);
    expect(field('Title')).toHaveAccessibleDescription('Title is required');
    expect(field('Description')).toHaveAccessibleDescription('Description is required');
    expect(field('Icon (an emoji)')).toHaveAccessibleDescription('Icon is required');
    expect(field('At least')).toHaveAccessibleDescription('Enter a whole number from 1 to 100,000');

    await userEvent.clear(field('Key'));
    await userEvent.type(field('Key'), 'night_owl');
    await userEvent.type(field('Title'), 'Night owl');
    await userEvent.type(field('Description'), 'Logged visits after dark');
    await userEvent.type(field('Icon (an emoji)'), '🦉');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Rule' }), 'visits');
    await userEvent.clear(field('At least'));
    await userEvent.type(field('At least'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Define badge' }));
    await waitFor(() => expect(field('Title')).toHaveAccessibleDescription('title must be at most 60 characters'));
    expect(field('Key')).not.toHaveAttribute('aria-invalid');
    expect(bodyOf(callsTo('/api/admin/badges').find((c) => c.method === 'POST')!)).toEqual({
      badge_key: 'night_owl',
      title: 'Night owl',
      description: 'Logged visits after dark',
      icon_emoji: '🦉',
      rule: { kind: 'visits', at_least: 5 },
    });

    answer = () => apiError(409, 'CONFLICT', 'A badge with this key exists');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Define badge' }));
    await waitFor(() => expect(field('Key')).toHaveAccessibleDescription(/A badge with this key exists/));

    answer = () => json201({ badge_id: '66666666-aaaa-4aaa-8aaa-666666666666' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Define badge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('defines an e-mail badge without a threshold and edits a badge’s rule', async () => {
    const { callsTo } = badgesServer();
    renderRoute('/admin?tab=badges', { who: 'admin' });
    await screen.findByTestId('badges-table');
    await userEvent.click(screen.getByRole('button', { name: 'New badge' }));
    let dialog = screen.getByRole('dialog', { name: 'New badge' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Key' }), 'verified');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Verified');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Confirmed an e-mail address');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Icon (an emoji)' }), '✉️');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Rule' }), 'email_verified');
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Define badge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo('/api/admin/badges').find((c) => c.method === 'POST')!)).toMatchObject({ rule: { kind: 'email_verified' } });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Old timer' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Old timer' });
    expect(within(dialog).queryByRole('textbox', { name: 'Key' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Days' })).toHaveValue(365);
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Days' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Days' }), '730');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(`/api/admin/badges/${OLD.badge_id}`)[0]!)).toEqual({
      title: 'Old timer',
      description: OLD.description,
      icon_emoji: OLD.icon_emoji,
      rule: { kind: 'account_age', days: 730 },
    });
  });

  it('deactivates and reactivates a badge', async () => {
    const { callsTo } = badgesServer();
    const { store } = renderRoute('/admin?tab=badges', { who: 'admin' });
    await screen.findByTestId('badges-table');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate First find' }));
    await waitFor(() => expect(badgeRow('first_find')).toHaveTextContent('Inactive'));
    expect(callsTo(`/api/admin/badges/${FIRST.badge_id}`).map((c) => c.method)).toContain('DELETE');
    expect(toastMessages(store)).toContain('First find deactivated: awards made stay');

    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Old timer' }));
    await waitFor(() => expect(badgeRow('old_timer')).toHaveTextContent('Active'));
    expect(bodyOf(callsTo(`/api/admin/badges/${OLD.badge_id}`)[0]!)).toEqual({
      title: OLD.title,
      description: OLD.description,
      icon_emoji: OLD.icon_emoji,
      rule: OLD.rule,
      active: true,
    });
  });
});
