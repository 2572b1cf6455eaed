import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtworkDetailDto } from '../../api/types';
import { valueText } from '../../lib/fieldText';
import { changeText } from '../../lib/historyText';
import { ORCA } from '../../testing/artworks';
import { envelope, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { editServer, editsOf, pendingReceipt, refusedCheck, reloadStale, staleOnce } from '../../testing/editing';
import { renderRoute } from '../../testing/render';
import { photoWithKey } from '../../testing/submissions';
import { editsFrom, rebase, valuesOf, withHidden } from './editModel';

const ID = ORCA.id;
const EDIT_PATH = `/artwork/${ID}/edit`;
const key = (start: string) => start.padEnd(32, '0');
// Sorted: K1, K3, K4, K5, K2 (so that a hidden list in the order of clicks would not be).
const [K1, K2, K3, K4, K5] = [key('1a2b3c4d'), key('f00dfeed'), key('b0b0cafe'), key('c0ffee11'), key('e1e1e1e1')] as const;

/** Three photos shown (the first chosen as the main one) and one hidden. */
const ARTWORK = {
  ...ORCA,
  photos: [photoWithKey(K1), photoWithKey(K2), photoWithKey(K3)],
  main_photo: K1,
  hidden_photos: [K4],
} satisfies ArtworkDetailDto;

const STALE = 'This artwork changed since you opened it (hidden photos). Reload to see the current values.';

/** The artwork (`artwork` answers each GET), and edit calls that pass unless overridden. */
function server(over: Record<string, Handler> = {}, artwork: () => ArtworkDetailDto = () => ARTWORK) {
  const history = () => envelope({ entries: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } });
  return editServer('artwork', ID, artwork, { [`GET /api/artworks/${ID}/history`]: history }, over);
}

const form = () => within(screen.getByRole('form', { name: 'Edit artwork' }));
const photos = () => within(form().getByRole('group', { name: 'Photos' }));
const tile = (name: string) => within(photos().getByRole('group', { name }));
const submit = () => userEvent.click(form().getByRole('button', { name: 'Submit changes' }));
/** The photo edits proposed (after the check, the same body). */
const proposed = async (callsTo: (path: string) => RecordedRequest[]) => {
  await waitFor(() => expect(callsTo(`/api/artwork/${ID}/edit`)).toHaveLength(1));
  return editsOf(callsTo(`/api/artwork/${ID}/edit`)[0]!);
};

describe('/artwork/{id}/edit: photos', () => {
  it('shows each photo with its main and hide toggles, and each hidden one as a placeholder to show again', async () => {
    server();
    renderRoute(EDIT_PATH, { who: 'user' });
    const group = await screen.findByRole('group', { name: 'Photos' });
    expect(group).toHaveAccessibleDescription(/The main photo is shown first/);
    expect(photos().getByRole('img', { name: 'Photo 2 of 3' })).toHaveAttribute('src', `/api/images/thumbnail/${K2}`);

    const main = tile('Photo 1 of 3').getByRole('button', { name: 'Main photo' });
    expect(main).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Photo 2 of 3').getByRole('button', { name: 'Make main photo' })).toHaveAttribute('aria-pressed', 'false');
    expect(tile('Photo 3 of 3').getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'false');

    // A hidden photo is served to no one: no image, only its short key and a way back.
    const hidden = tile('Hidden photo c0ffee11');
    expect(hidden.queryByRole('img')).not.toBeInTheDocument();
    expect(hidden.getByRole('button', { name: 'Show again' })).toHaveAttribute('aria-pressed', 'false');
    expect(photos().getAllByRole('img')).toHaveLength(3);
  });

  it('making one photo main and hiding another proposes exactly those two changes, hidden keys sorted', async () => {
    const { callsTo } = server();
    const { router } = renderRoute(EDIT_PATH, { who: 'user' });
    await screen.findByRole('group', { name: 'Photos' });
    await userEvent.click(tile('Photo 2 of 3').getByRole('button', { name: 'Make main photo' }));
    expect(tile('Photo 2 of 3').getByRole('button', { name: 'Main photo' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Photo 1 of 3').getByRole('button', { name: 'Make main photo' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(tile('Photo 3 of 3').getByRole('button', { name: 'Hide' }));
    expect(tile('Photo 3 of 3').getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Photo 3 of 3').getByRole('button', { name: 'Make main photo' })).toBeDisabled();
    await submit();

    const expected = [
      { field_name: 'main_photo', field_value_old: K1, field_value_new: K2 },
      { field_name: 'hidden_photos', field_value_old: [K4], field_value_new: [K3, K4] },
    ];
    expect(await proposed(callsTo)).toEqual(expected);
    expect(editsOf(callsTo(`/api/artwork/${ID}/edit/validate`)[0]!)).toEqual(expected);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/artwork/${ID}`));
    expect(await screen.findByTestId('pending-edits')).toHaveTextContent('It changes the main photo and hidden photos.');
  });

  it('hiding the main photo unsets it, so a hidden photo is never proposed as the main one', async () => {
    const { callsTo } = server();
    renderRoute(EDIT_PATH, { who: 'user' });
    await screen.findByRole('group', { name: 'Photos' });
    await userEvent.click(tile('Photo 1 of 3').getByRole('button', { name: 'Hide' }));
    const first = tile('Photo 1 of 3').getByRole('button', { name: 'Make main photo' });
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(first).toBeDisabled();
    expect(photos().queryByRole('button', { name: 'Main photo' })).not.toBeInTheDocument();
    await submit();
    expect(await proposed(callsTo)).toEqual([
      { field_name: 'main_photo', field_value_old: K1, field_value_new: null },
      { field_name: 'hidden_photos', field_value_old: [K4], field_value_new: [K1, K4] },
    ]);
  });

  it('“Show again” takes a photo out of the hidden ones', async () => {
    const { callsTo } = server({}, () => ({ ...ARTWORK, hidden_photos: [K4, K5] }));
    renderRoute(EDIT_PATH, { who: 'user' });
    await screen.findByRole('group', { name: 'Photos' });
    await userEvent.click(tile('Hidden photo c0ffee11').getByRole('button', { name: 'Show again' }));
    expect(tile('Hidden photo c0ffee11').getByRole('button', { name: 'Show again' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Hidden photo c0ffee11').getByText('Will be shown')).toBeInTheDocument();
    await submit();
    expect(await proposed(callsTo)).toEqual([{ field_name: 'hidden_photos', field_value_old: [K4, K5], field_value_new: [K5] }]);
  });

  it('proposes no photo change when the choices end as loaded', async () => {
    const { callsTo } = server();
    renderRoute(EDIT_PATH, { who: 'user' });
    await screen.findByRole('group', { name: 'Photos' });
    await userEvent.click(tile('Photo 2 of 3').getByRole('button', { name: 'Make main photo' }));
    await userEvent.click(tile('Photo 1 of 3').getByRole('button', { name: 'Make main photo' }));
    await userEvent.click(tile('Photo 3 of 3').getByRole('button', { name: 'Hide' }));
    await userEvent.click(tile('Photo 3 of 3').getByRole('button', { name: 'Hide' }));
    await userEvent.click(tile('Hidden photo c0ffee11').getByRole('button', { name: 'Show again' }));
    await userEvent.click(tile('Hidden photo c0ffee11').getByRole('button', { name: 'Show again' }));
    await userEvent.type(form().getByLabelText('Title'), '!');
    await submit();
    expect(await proposed(callsTo)).toEqual([{ field_name: 'title', field_value_old: 'Digital Orca', field_value_new: 'Digital Orca!' }]);
  });

  it('shows the server’s photo problems at the photos and in the summary', async () => {
    const message = 'The main photo cannot be hidden';
    const { callsTo } = server({
      [`POST /api/artwork/${ID}/edit/validate`]: refusedCheck([{ field: 'hidden_photos', message }]),
    });
    renderRoute(EDIT_PATH, { who: 'user' });
    await screen.findByRole('group', { name: 'Photos' });
    await userEvent.click(tile('Photo 3 of 3').getByRole('button', { name: 'Hide' }));
    await submit();
    expect(await screen.findByTestId('edit-problems')).toHaveTextContent(`Hidden photos: ${message}`);
    expect(photos().getByText(message)).toBeInTheDocument();
    expect(form().getByRole('group', { name: 'Photos' })).toHaveAccessibleDescription(new RegExp(message));
    expect(callsTo(`/api/artwork/${ID}/edit`)).toHaveLength(0);
  });

  it('after a reload (409), keeps the photo choices made and takes in the others’', async () => {
    let current: ArtworkDetailDto = ARTWORK;
    const { callsTo } = server({ [`POST /api/artwork/${ID}/edit`]: staleOnce(STALE, pendingReceipt('artwork', ID)) }, () => current);
    renderRoute(EDIT_PATH, { who: 'user' });
    await screen.findByRole('group', { name: 'Photos' });
    await userEvent.click(tile('Photo 2 of 3').getByRole('button', { name: 'Hide' }));
    await submit();
    await reloadStale(STALE, () => {
      // Someone else's change was approved meanwhile: the third photo is now the main one, and another is hidden.
      current = { ...ARTWORK, photos: [photoWithKey(K3), photoWithKey(K1), photoWithKey(K2)], main_photo: K3, hidden_photos: [K4, K5] };
    });

    await waitFor(() => expect(photos().getByRole('img', { name: 'Photo 1 of 3' })).toHaveAttribute('src', `/api/images/thumbnail/${K3}`));
    expect(tile('Photo 1 of 3').getByRole('button', { name: 'Main photo' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Photo 3 of 3').getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Hidden photo e1e1e1e1').getByRole('button', { name: 'Show again' })).toHaveAttribute('aria-pressed', 'false');
    await submit();
    await waitFor(() => expect(callsTo(`/api/artwork/${ID}/edit`)).toHaveLength(2));
    expect(editsOf(callsTo(`/api/artwork/${ID}/edit`)[1]!)).toEqual([
      { field_name: 'hidden_photos', field_value_old: [K4, K5], field_value_new: [K4, K5, K2] },
    ]);
  });

  it('shows no photos fieldset when the artwork has none, shown or hidden', async () => {
    server({}, () => ({ ...ORCA, main_photo: null, hidden_photos: [] }));
    renderRoute(EDIT_PATH, { who: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Digital Orca' })).toBeInTheDocument();
    expect(form().queryByRole('group', { name: 'Photos' })).not.toBeInTheDocument();
  });
});

describe('photo edit values', () => {
  const loaded = valuesOf(ARTWORK);

  it('starts from the artwork’s choices, none when it has made none', () => {
    expect(loaded).toMatchObject({ main_photo: K1, hidden_photos: [K4] });
    expect(valuesOf({ ...ORCA, main_photo: null, hidden_photos: [] })).toMatchObject({ main_photo: null, hidden_photos: [] });
    expect(editsFrom(ARTWORK, loaded)).toEqual([]);
  });

  it('hides and shows again by key, unsetting the main photo when it is hidden', () => {
    expect(withHidden(loaded, K3, true)).toMatchObject({ main_photo: K1, hidden_photos: [K3, K4] });
    expect(withHidden(loaded, K1, true)).toMatchObject({ main_photo: null, hidden_photos: [K1, K4] });
    // Shown again, it is not chosen again: the person chooses a main photo anew.
    expect(withHidden(withHidden(loaded, K1, true), K1, false)).toMatchObject({ main_photo: null, hidden_photos: [K4] });
    expect(withHidden(loaded, K4, false)).toMatchObject({ main_photo: K1, hidden_photos: [] });
  });

  it('after a reload, keeps the photos hidden or chosen, key by key, and never a hidden or gone main photo', () => {
    // Mine: K2 hidden. Theirs meanwhile: K5 hidden too. Both stay hidden; the main photo follows theirs.
    const now = { ...ARTWORK, main_photo: K3, hidden_photos: [K4, K5] };
    expect(rebase(withHidden(loaded, K2, true), ARTWORK, now)).toMatchObject({ main_photo: K3, hidden_photos: [K4, K5, K2] });
    // Theirs: K4 shown again. Mine left it hidden, so it follows.
    expect(rebase(loaded, ARTWORK, { ...ARTWORK, hidden_photos: [] })).toMatchObject({ hidden_photos: [] });
    // Mine: K2 as the main photo; theirs: K2 hidden. The main photo gives way to theirs.
    const k2Hidden = { ...ARTWORK, photos: [photoWithKey(K1), photoWithKey(K3)], hidden_photos: [K4, K2] };
    expect(rebase({ ...loaded, main_photo: K2 }, ARTWORK, k2Hidden)).toMatchObject({ main_photo: K1, hidden_photos: [K4, K2] });
    // Mine: K3 hidden; theirs: K3 as the main photo. Hiding wins, as in the form: no main photo.
    expect(rebase(withHidden(loaded, K3, true), ARTWORK, { ...ARTWORK, main_photo: K3 })).toMatchObject({
      main_photo: null,
      hidden_photos: [K3, K4],
    });
    // Mine: K3 as the main photo; K3 merged away meanwhile.
    expect(rebase({ ...loaded, main_photo: K3 }, ARTWORK, { ...ARTWORK, photos: [photoWithKey(K1), photoWithKey(K2)] })).toMatchObject({ main_photo: K1 });
  });
});

describe('photo changes in words', () => {
  it('names a main photo by its key’s first 8 characters, and none', () => {
    expect(changeText({ field: 'main_photo', before: null, after: K1 })).toEqual({ field: 'main photo', before: 'none', after: 'photo 1a2b3c4d' });
    expect(changeText({ field: 'main_photo', before: K1, after: K2 }).after).toBe('photo f00dfeed');
  });

  it('names a few hidden photos, counts more, and says none for an empty list', () => {
    expect(changeText({ field: 'hidden_photos', before: [], after: [K3, K4] })).toEqual({
      field: 'hidden photos',
      before: 'none',
      after: 'photo b0b0cafe, photo c0ffee11',
    });
    expect(changeText({ field: 'hidden_photos', before: [K1, K2, K3, K4, K5], after: null })).toEqual({
      field: 'hidden photos',
      before: '5 photos',
      after: 'none',
    });
    // The review's words for unset values do not apply: no photo is a choice, not a blank.
    expect(valueText('hidden_photos', [], { unset: '(empty)', artists: () => '' })).toBe('none');
  });
});
