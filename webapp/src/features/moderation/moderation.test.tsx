import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeedbackItem, FeedbackPage, FeedbackStatus } from '../../api/types';
import { setLocale } from '../../i18n';
import { artworkRoutes, historyPage, ORCA } from '../../testing/artworks';
import { apiError, bodyOf, envelope, type Handler, mockFetch, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute, toastMessages } from '../../testing/render';

const MISSING = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  subject_type: 'artwork',
  subject_id: ORCA.id,
  subject_title: ORCA.title,
  issue_type: 'missing',
  note: 'The artwork is missing. Only the plinth is left.',
  status: 'open',
  from_account: false,
  created_at: '2025-05-01T10:00:00Z',
  decided_at: null,
  decided_by: null,
  decision_note: null,
  removed_artwork: null,
} satisfies FeedbackItem;
const COMMENT = {
  ...MISSING,
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  subject_type: 'artist',
  subject_id: '55555555-5555-4555-8555-555555555555',
  subject_title: 'Ken Lum',
  issue_type: 'comment',
  note: 'His birth year is 1956.',
  from_account: true,
} satisfies FeedbackItem;
const GENERAL = {
  ...MISSING,
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  subject_type: 'general',
  subject_id: null,
  subject_title: null,
  issue_type: 'comment',
  note: 'Please add a dark map.',
  status: 'archived',
  decided_at: '2025-05-03T10:00:00Z',
  decided_by: 'mod-ada',
  decision_note: 'On the list',
} satisfies FeedbackItem;

const items = () => screen.queryAllByTestId('feedback-item');
const item = (note: string) => items().find((el) => el.textContent?.includes(note))!;

/** A server holding feedback: decisions move it from open to archived or resolved. */
function server(over: Record<string, Handler> = {}) {
  const all: FeedbackItem[] = [MISSING, COMMENT, GENERAL].map((f) => ({ ...f }));
  const counts = () =>
    Object.fromEntries((['open', 'archived', 'resolved'] as const).map((s) => [s, all.filter((f) => f.status === s).length])) as Record<
      FeedbackStatus,
      number
    >;
  const decide = (status: 'archived' | 'resolved') => (req: RecordedRequest) => {
    const id = req.url.pathname.split('/')[4]!;
    const f = all.find((x) => x.id === id);
    if (!f) return apiError(404, 'NOT_FOUND', 'Feedback not found');
    if (f.status !== 'open') return apiError(409, 'CONFLICT', `This feedback was already ${f.status}`);
    const body = (req.body ? JSON.parse(req.body as string) : {}) as { note?: string; remove_artwork?: boolean };
    Object.assign(f, {
      status,
      decided_at: '2025-05-10T10:00:00Z',
      decided_by: 'mod-ada',
      decision_note: body.note ?? null,
      removed_artwork: body.remove_artwork ? f.subject_id : null,
    });
    return envelope({ id }, { 'X-Event-Position': '900-1' });
  };
  const routes: Record<string, Handler> = {
    'GET /api/moderation/feedback': (req) => {
      const status = req.url.searchParams.get('status') ?? 'open';
      const type = req.url.searchParams.get('issue_type');
      const shown = all.filter((f) => f.status === status && (!type || f.issue_type === type));
      return envelope({ feedback: shown, total: shown.length, page: 1, limit: 20, counts: counts() } satisfies FeedbackPage);
    },
    ...Object.fromEntries(
      [MISSING, COMMENT, GENERAL].flatMap((f) => [
        [`POST /api/moderation/feedback/${f.id}/archive`, decide('archived')],
        [`POST /api/moderation/feedback/${f.id}/resolve`, decide('resolved')],
      ]),
    ),
    ...over,
  };
  return { ...mockFetch(routes), all };
}

describe('/moderation/feedback: the queue', () => {
  it('lists open feedback with tabs counting each state, and each note’s subject, kind and sender', async () => {
    const { callsTo } = server();
    renderRoute('/moderation/feedback', { who: 'moderator' });
    expect(await screen.findByRole('tab', { name: 'Open (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Resolved (0)' })).toBeInTheDocument();
    expect(Object.fromEntries(callsTo('/api/moderation/feedback')[0]!.url.searchParams)).toEqual({ status: 'open', page: '1', limit: '20' });

    const list = screen.getByRole('list', { name: 'Open feedback' });
    expect(within(list).getAllByTestId('feedback-item')).toHaveLength(2);
    const missing = item('Only the plinth is left');
    expect(within(missing).getByRole('link', { name: ORCA.title })).toHaveAttribute('href', `/artwork/${ORCA.id}`);
    expect(within(missing).getByText('Reported missing')).toBeInTheDocument();
    expect(within(missing).getByText(/From an anonymous visitor/)).toBeInTheDocument();
    expect(within(missing).getByText(new Date(MISSING.created_at).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }))).toBeInTheDocument();
    const comment = item('His birth year');
    expect(within(comment).getByRole('link', { name: 'Ken Lum' })).toHaveAttribute('href', `/artist/${COMMENT.subject_id}`);
    expect(within(comment).getByText('Comment')).toBeInTheDocument();
    expect(within(comment).getByText(/From a signed-in account/)).toBeInTheDocument();
  });

  it('filters by kind and switches state by tab, keeping both in the URL', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/moderation/feedback', { who: 'moderator' });
    await screen.findByRole('tab', { name: 'Open (2)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'missing');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(router.state.location.search).toBe('?type=missing');
    expect(callsTo('/api/moderation/feedback').at(-1)!.url.searchParams.get('issue_type')).toBe('missing');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), '');
    await userEvent.click(screen.getByRole('tab', { name: 'Archived (1)' }));
    expect(await screen.findByRole('list', { name: 'Archived feedback' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=archived');
    const archived = item('dark map');
    expect(within(archived).getByText('General feedback')).toBeInTheDocument();
    expect(within(archived).getByText(/Archived by mod-ada on .*: On the list/)).toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: /Archive|Resolve/ })).not.toBeInTheDocument();
  });

  it('says when a state has nothing, and offers a retry when loading fails', async () => {
    let fail = true;
    server({
      'GET /api/moderation/feedback': () =>
        fail
          ? apiError(500, 'INTERNAL_ERROR', 'Database unavailable')
          : envelope({ feedback: [], total: 0, page: 1, limit: 20, counts: { open: 0, archived: 0, resolved: 0 } } satisfies FeedbackPage),
    });
    renderRoute('/moderation/feedback?status=resolved', { who: 'moderator' });
    const alert = (await screen.findByText('Could not load feedback')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No resolved feedback' })).toBeInTheDocument();
  });
});

describe('/moderation/feedback: decisions', () => {
  it('archives with an optional note: the item leaves the open tab and the counts move at once', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/moderation/feedback', { who: 'moderator' });
    await screen.findByRole('tab', { name: 'Open (2)' });
    await userEvent.click(within(item('His birth year')).getByRole('button', { name: 'Archive…' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive feedback about Ken Lum' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(`/api/moderation/feedback/${COMMENT.id}/archive`)[0]!)).toEqual({});
    expect(items()).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Open (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (2)' })).toBeInTheDocument();
    expect(toastMessages(store)).toContain('Feedback archived');
  });

  it('resolves a missing-artwork report with a required note, marking the artwork removed', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/moderation/feedback', { who: 'moderator' });
    await screen.findByRole('tab', { name: 'Open (2)' });
    await userEvent.click(within(item('Only the plinth')).getByRole('button', { name: 'Resolve…' }));
    const dialog = screen.getByRole('dialog', { name: `Resolve feedback about ${ORCA.title}` });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A note is required to resolve');
    expect(callsTo(`/api/moderation/feedback/${MISSING.id}/resolve`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /What was done/ }), 'Checked on site: it is gone.');
    const remove = within(dialog).getByRole('checkbox', { name: 'Mark the artwork as removed' });
    expect(remove).not.toBeChecked();
    await userEvent.click(remove);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(`/api/moderation/feedback/${MISSING.id}/resolve`)[0]!)).toEqual({
      note: 'Checked on site: it is gone.',
      remove_artwork: true,
    });
    expect(screen.getByRole('tab', { name: 'Resolved (1)' })).toBeInTheDocument();
    expect(toastMessages(store)).toContain(`Feedback resolved; ${ORCA.title} is marked as removed`);

    await userEvent.click(screen.getByRole('tab', { name: 'Resolved (1)' }));
    const resolved = await screen.findByTestId('feedback-item');
    expect(resolved).toHaveTextContent('Resolved by mod-ada');
    expect(resolved).toHaveTextContent('Checked on site: it is gone.');
    expect(within(resolved).getByText('Artwork marked as removed')).toBeInTheDocument();
  });

  it('resolves a comment without removal: no checkbox, remove_artwork false', async () => {
    const { callsTo } = server();
    renderRoute('/moderation/feedback', { who: 'moderator' });
    await screen.findByRole('tab', { name: 'Open (2)' });
    await userEvent.click(within(item('His birth year')).getByRole('button', { name: 'Resolve…' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What was done/ }), 'Fixed the year');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(callsTo(`/api/moderation/feedback/${COMMENT.id}/resolve`)).toHaveLength(1));
    expect(bodyOf(callsTo(`/api/moderation/feedback/${COMMENT.id}/resolve`)[0]!)).toEqual({ note: 'Fixed the year', remove_artwork: false });
  });

  it('keeps the dialog open with the server’s message when someone decided first, and puts the counts back', async () => {
    const { all } = server();
    renderRoute('/moderation/feedback', { who: 'moderator' });
    await screen.findByRole('tab', { name: 'Open (2)' });
    // Another moderator archives it meanwhile.
    Object.assign(all.find((f) => f.id === MISSING.id)!, { status: 'archived' });
    await userEvent.click(within(item('Only the plinth')).getByRole('button', { name: 'Archive…' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This feedback was already archived');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The queue read again shows it gone from the open tab.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Open (1)' })).toBeInTheDocument());
    expect(items()).toHaveLength(1);
  });
});

describe('the way to the feedback', () => {
  it('/review links to the inbox with the open count', async () => {
    server({
      'GET /api/review/queue': () => envelope({ submissions: [], total: 0, page: 1, limit: 20 }),
      'GET /api/review/stats': () =>
        envelope({ pending: 0, approved: 0, rejected: 0, withdrawn: 0, pending_by_type: { new_artwork: 0, logbook: 0 }, oldest_pending_at: null, decided_last_7_days: 0 }),
    });
    renderRoute('/review', { who: 'moderator' });
    const link = await screen.findByRole('link', { name: /Feedback inbox 2 open/ });
    expect(link).toHaveAttribute('href', '/moderation/feedback');
  });

  it('keeps visitors and plain users out of /moderation/feedback', async () => {
    server();
    const { router } = renderRoute('/moderation/feedback', { who: 'user' });
    await waitFor(() => expect(router.state.location.search).toBe('?error=moderator_required'));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('a removed artwork', () => {
  it('keeps its page, saying clearly that it was removed, and no longer offers to report it missing', async () => {
    mockFetch(artworkRoutes({ ...ORCA, status: 'removed' }, () => envelope(historyPage([]))));
    renderRoute(`/artwork/${ORCA.id}`);
    const notice = await screen.findByRole('region', { name: 'Removed' });
    expect(notice).toHaveTextContent('A moderator marked this artwork as removed');
    expect(screen.getByRole('heading', { level: 1, name: ORCA.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report as missing' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Send feedback' })).toBeInTheDocument();
  });
});

describe('/moderation/feedback in French', () => {
  it('shows the queue, a decided note and the resolve dialog in French', async () => {
    setLocale('fr');
    server();
    renderRoute('/moderation/feedback', { who: 'moderator' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Signalements' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Ouverts (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeInTheDocument();
    const missing = item('Only the plinth is left');
    expect(within(missing).getByText('Signalée disparue')).toBeInTheDocument();
    expect(within(missing).getByText(/D’un visiteur anonyme/)).toBeInTheDocument();

    await userEvent.click(within(missing).getByRole('button', { name: 'Résoudre…' }));
    const dialog = screen.getByRole('dialog', { name: `Résoudre le signalement sur ${ORCA.title}` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Résoudre' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Une note est requise pour résoudre');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    await userEvent.click(screen.getByRole('tab', { name: 'Archivés (1)' }));
    expect(await screen.findByRole('list', { name: 'Signalements archivés' })).toBeInTheDocument();
    expect(within(item('dark map')).getByText(/^Archivé par mod-ada le 3 mai 2025\s: On the list$/)).toBeInTheDocument();
  });
});
