import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtworkDetailDto, Merged, MergeRequest } from '../../api/types';
import { artworkRoutes, historyPage, ORCA } from '../../testing/artworks';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute, toastMessages } from '../../testing/render';
import { artworkIdIn } from './ArtworkMerge';

const KEPT: ArtworkDetailDto = { ...ORCA, id: '55555555-5555-4555-8555-555555555555', title: 'Digital Orca (kept)' };
const DUPLICATE: ArtworkDetailDto = { ...ORCA, title: 'Orca duplicate' };
const MERGED_DUPLICATE: ArtworkDetailDto = { ...DUPLICATE, status: 'merged', merged_into: KEPT.id };
const MOVED: Merged = { artwork_id: DUPLICATE.id, into: KEPT.id, photos: 2, logbook_entries: 1 };

const bodyOf = (req: RecordedRequest) => JSON.parse(req.body as string) as MergeRequest;
const noHistory = () => envelope(historyPage([]));

function server(duplicate = DUPLICATE, merge: Handler = () => envelope(MOVED), unmerge: Handler = () => envelope(MOVED)) {
  return mockFetch({
    ...artworkRoutes(duplicate, noHistory),
    ...artworkRoutes(KEPT, noHistory),
    [`POST /api/artworks/${DUPLICATE.id}/merge`]: merge,
    [`POST /api/artworks/${DUPLICATE.id}/unmerge`]: unmerge,
  });
}

describe('merging duplicates', () => {
  it('reads the artwork to keep from a link or an id', () => {
    expect(artworkIdIn(`https://plinth.example/artwork/${KEPT.id}?as_of=1-2`)).toBe(KEPT.id);
    expect(artworkIdIn(` ${KEPT.id.toUpperCase()} `)).toBe(KEPT.id);
    expect(artworkIdIn('the orca by the water')).toBeNull();
  });

  it('is offered to moderators only', async () => {
    server();
    renderRoute(`/artwork/${DUPLICATE.id}`, { who: 'user' });
    await screen.findByRole('heading', { level: 1, name: DUPLICATE.title });
    expect(screen.queryByRole('button', { name: 'Merge…' })).not.toBeInTheDocument();
  });

  it('merges into the record named by its link, then shows that record saying so', async () => {
    const { callsTo } = server();
    const { store } = renderRoute(`/artwork/${DUPLICATE.id}`, { who: 'moderator' });
    await userEvent.click(await screen.findByRole('button', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge into another record' });
    const target = within(dialog).getByRole('textbox', { name: 'Artwork to keep (link or id)' });

    // Nothing usable, or itself: refused before any call.
    await userEvent.type(target, 'the other one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Paste the link or the id of the artwork to keep');
    await userEvent.clear(target);
    await userEvent.type(target, DUPLICATE.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('An artwork cannot be merged into itself');
    expect(callsTo(`/api/artworks/${DUPLICATE.id}/merge`)).toHaveLength(0);

    await userEvent.clear(target);
    await userEvent.type(target, `http://localhost/artwork/${KEPT.id}`);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Same orca');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByRole('heading', { level: 1, name: KEPT.title })).toBeInTheDocument();
    expect(bodyOf(callsTo(`/api/artworks/${DUPLICATE.id}/merge`)[0]!)).toEqual({ into: KEPT.id, reason: 'Same orca' });
    expect(toastMessages(store)).toContain('Merged: 2 photos and 1 visit moved');
    expect(screen.getByText(/A duplicate record of this artwork was merged into this one/)).toBeInTheDocument();
  });

  it('tells what moved as photos and visits, never as logbook entries', async () => {
    // Given a merge that moves one photo and three visits
    server(DUPLICATE, () => envelope({ ...MOVED, photos: 1, logbook_entries: 3 } satisfies Merged));
    const { store } = renderRoute(`/artwork/${DUPLICATE.id}`, { who: 'moderator' });
    // When a moderator merges the duplicate into the record kept
    await userEvent.click(await screen.findByRole('button', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge into another record' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Artwork to keep (link or id)' }), KEPT.id);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Same orca');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    // Then the message counts visits
    await waitFor(() => expect(toastMessages(store)).toContain('Merged: 1 photo and 3 visits moved'));
    expect(toastMessages(store).join(' ')).not.toMatch(/logbook entr/i);
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    const refusal = 'That artwork was itself merged into another; merge into that one';
    server(DUPLICATE, () => apiError(400, 'VALIDATION_ERROR', refusal));
    renderRoute(`/artwork/${DUPLICATE.id}`, { who: 'moderator' });
    await userEvent.click(await screen.findByRole('button', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge into another record' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Artwork to keep (link or id)' }), KEPT.id);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Same orca');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('sends a merged duplicate’s visitors to the record kept, where moderators can undo the merge', async () => {
    const { callsTo } = server(MERGED_DUPLICATE);
    const { store } = renderRoute(`/artwork/${DUPLICATE.id}`, { who: 'moderator' });
    expect(await screen.findByRole('heading', { level: 1, name: KEPT.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo the merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo the merge' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Two orcas after all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo merge' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Merge undone: 2 photos and 1 visit went back'));
    expect(JSON.parse(callsTo(`/api/artworks/${DUPLICATE.id}/unmerge`)[0]!.body as string)).toEqual({ reason: 'Two orcas after all' });
  });

  it('offers visitors no undo', async () => {
    server(MERGED_DUPLICATE);
    renderRoute(`/artwork/${DUPLICATE.id}`, { who: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: KEPT.title })).toBeInTheDocument();
    expect(screen.getByText(/A duplicate record of this artwork was merged into this one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo the merge' })).not.toBeInTheDocument();
  });
});
