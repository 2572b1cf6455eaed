import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RevertRequest, Reverted } from '../../api/types';
import { artworkRoutes, historyEntry, historyPage, ORCA } from '../../testing/artworks';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute, toastMessages, type Who } from '../../testing/render';

const ID = ORCA.id;
const IMPORTED = historyEntry(1, {
  kind: 'imported',
  actor: { display_name: 'City of Vancouver Public Art', role: 'system', source: 'import' },
  changes: [{ field: 'title', before: null, after: 'Orca' }],
  revertible: false,
});
const EDITED = historyEntry(2, {
  kind: 'edited',
  submission_id: '11111111-1111-4111-8111-111111111111',
  changes: [{ field: 'title', before: 'Orca', after: 'Digital Orca' }],
  revertible: true,
});
const REVERTED = historyEntry(3, {
  kind: 'reverted',
  actor: { display_name: 'Mod Squad', role: 'moderator', source: 'web' },
  changes: [{ field: 'description', before: 'Spam', after: 'A pixelated orca breaching.' }],
  reason: 'Vandalism',
  reverts: '900-0',
  revertible: true,
});
const HISTORY = [REVERTED, EDITED, IMPORTED];

const bodyOf = (req: RecordedRequest) => JSON.parse(req.body as string) as RevertRequest;

function server(revert: Handler = () => envelope({ artwork_id: ID, change: EDITED.id, changes: [] } satisfies Reverted)) {
  return mockFetch({
    ...artworkRoutes(ORCA, () => envelope(historyPage(HISTORY))),
    [`POST /api/artworks/${ID}/revert`]: revert,
  });
}

async function entries(path: string, who: Who) {
  const rendered = renderRoute(path, { who });
  const items = await screen.findAllByTestId('history-entry');
  return { ...rendered, items };
}

async function openRevert(item: HTMLElement) {
  await userEvent.click(within(item).getByRole('button', { name: /^Revert this change/ }));
  return screen.findByRole('dialog', { name: 'Revert this change' });
}

describe('artwork history: edits and reverts', () => {
  it('words approved edits and reverts, with the revert’s reason, and offers no revert to non-moderators', async () => {
    server();
    const { items } = await entries(`/artwork/${ID}`, 'user');
    expect(items[0]).toHaveTextContent('Reverted a change');
    expect(items[0]).toHaveTextContent('by Mod Squad');
    expect(items[0]).toHaveTextContent('description: Spam → A pixelated orca breaching.');
    expect(within(items[0]!).getByText('Reason: Vandalism')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Edited');
    expect(items[1]).toHaveTextContent('title: Orca → Digital Orca');
    expect(screen.queryByRole('button', { name: /Revert/ })).not.toBeInTheDocument();
  });

  it('offers moderators a revert of the revertible changes only', async () => {
    server();
    const { items } = await entries(`/artwork/${ID}`, 'moderator');
    expect(within(items[0]!).getByRole('button', { name: /^Revert this change \(Reverted a change/ })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: /^Revert this change \(Edited/ })).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button', { name: /Revert/ })).not.toBeInTheDocument();
  });

  it('offers no revert on the artwork as of a change', async () => {
    server();
    await entries(`/artwork/${ID}?as_of=900-2`, 'moderator');
    expect(screen.queryByRole('button', { name: /Revert/ })).not.toBeInTheDocument();
  });

  it('reverts with a required reason, then loads the artwork and its history again', async () => {
    const { callsTo } = server();
    const { items, store } = await entries(`/artwork/${ID}`, 'moderator');
    const dialog = await openRevert(items[1]!);
    // The dialog shows the change it undoes.
    expect(dialog).toHaveTextContent('Edited');
    expect(dialog).toHaveTextContent('title: Orca → Digital Orca');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason is required');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason must be at most 500 characters');
    expect(callsTo(`/api/artworks/${ID}/revert`)).toHaveLength(0);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'The old title was right');
    const artworkReads = callsTo(`/api/artworks/${ID}`).length;
    const historyReads = callsTo(`/api/artworks/${ID}/history`).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));

    await waitFor(() => expect(toastMessages(store)).toContain('Change reverted'));
    expect(bodyOf(callsTo(`/api/artworks/${ID}/revert`)[0]!)).toEqual({ change: EDITED.id, reason: 'The old title was right' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revert this change' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(`/api/artworks/${ID}`).length).toBeGreaterThan(artworkReads));
    await waitFor(() => expect(callsTo(`/api/artworks/${ID}/history`).length).toBeGreaterThan(historyReads));
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    const refusal = 'title changed after this change; revert the later change first';
    const { callsTo } = server(() => apiError(409, 'CONFLICT', refusal));
    const { items, store } = await entries(`/artwork/${ID}`, 'moderator');
    const dialog = await openRevert(items[1]!);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong title');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));

    expect(await within(dialog).findByText(refusal)).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Revert this change' })).toBeInTheDocument();
    expect(callsTo(`/api/artworks/${ID}/revert`)).toHaveLength(1);
    expect(toastMessages(store)).not.toContain('Change reverted');
  });
});
