import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendFeedback } from '../../api/types';
import { setLocale } from '../../i18n';
import { feedbackOpened, type FeedbackTarget } from '../../lib/ui';
import { apiError, envelope, json, mockFetch, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute, renderWithProviders, storeFor } from '../../testing/render';
import { deferred } from '../../testing/submissions';
import { artistRoutes, KEN } from '../../testing/artists';
import { artworkRoutes, historyPage, ORCA } from '../../testing/artworks';
import { FeedbackDialog } from './FeedbackDialog';
import { canSend, sendFailureText } from './rules';

const ARTWORK_ID = '44444444-4444-4444-8444-444444444444';
const TOKEN = 't'.repeat(64);
const SENT = () => envelope({ id: '99999999-9999-4999-8999-999999999999' });
const bodyOf = (req: RecordedRequest) => JSON.parse(req.body as string) as SendFeedback;

function openFeedback(target: Partial<FeedbackTarget> = { subjectType: 'artwork', subjectId: ARTWORK_ID, issueType: 'comment' }) {
  const store = storeFor('anonymous');
  store.dispatch(feedbackOpened(target));
  renderWithProviders(<FeedbackDialog />, { store });
  const dialog = screen.getByRole('dialog');
  return {
    store,
    dialog,
    note: within(dialog).getByRole('textbox', { name: 'Your note' }),
    send: within(dialog).getByRole('button', { name: 'Send' }),
    counter: within(dialog).getByTestId('feedback-counter'),
  };
}

beforeEach(() => {
  localStorage.setItem('user-token', TOKEN);
});

describe('feedback dialog: the note (SPEC §5)', () => {
  it('counts the trimmed note against 1000 and enables Send only for 1 to 1000 characters', () => {
    const { note, send, counter } = openFeedback();
    expect(counter).toHaveTextContent('0/1000');
    expect(send).toBeDisabled();

    fireEvent.change(note, { target: { value: '   ' } });
    expect(counter).toHaveTextContent('0/1000');
    expect(send).toBeDisabled();

    fireEvent.change(note, { target: { value: '  Plaque is gone  ' } });
    expect(counter).toHaveTextContent('14/1000');
    expect(send).toBeEnabled();
    expect(note).not.toHaveAttribute('aria-invalid');

    fireEvent.change(note, { target: { value: 'x'.repeat(1000) } });
    expect(counter).toHaveTextContent('1000/1000');
    expect(send).toBeEnabled();

    fireEvent.change(note, { target: { value: 'x'.repeat(1001) } });
    expect(counter).toHaveTextContent('1001/1000');
    expect(counter).toHaveTextContent(/too long/);
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();
  });

  it('keeps Send (and Cancel) disabled while sending', async () => {
    const answer = deferred<Response>();
    mockFetch({ 'POST /api/feedback': () => answer.promise });
    const { note, send, dialog, store } = openFeedback();
    fireEvent.change(note, { target: { value: 'Plaque is gone' } });
    await userEvent.click(send);
    expect(send).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(canSend('Plaque is gone', true)).toBe(false);
    answer.resolve(SENT());
    await vi.waitFor(() => expect(store.getState().ui.dialog).toBeNull());
  });

  it('prefills "The artwork is missing" in missing mode and sends it as a missing report', async () => {
    const { calls } = mockFetch({ 'POST /api/feedback': SENT });
    const { note, send, dialog, store } = openFeedback({ subjectType: 'artwork', subjectId: ARTWORK_ID, issueType: 'missing' });
    expect(dialog).toHaveAccessibleName('Report a missing artwork');
    expect(note).toHaveValue('The artwork is missing');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    await vi.waitFor(() => expect(store.getState().ui.dialog).toBeNull());
    expect(bodyOf(calls[0]!)).toEqual({
      subject_type: 'artwork',
      subject_id: ARTWORK_ID,
      issue_type: 'missing',
      note: 'The artwork is missing',
      user_token: TOKEN,
    });
  });
});

describe('feedback dialog: keyboard (SPEC §5)', () => {
  it('sends with Ctrl+Enter: the payload of the SPEC, then closes with a success toast', async () => {
    const { calls } = mockFetch({ 'POST /api/feedback': SENT });
    const { note, store } = openFeedback();
    fireEvent.change(note, { target: { value: '  Plaque is gone  ' } });
    fireEvent.keyDown(note, { key: 'Enter', ctrlKey: true });
    await vi.waitFor(() => expect(store.getState().ui.dialog).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/feedback']);
    expect(bodyOf(calls[0]!)).toEqual({
      subject_type: 'artwork',
      subject_id: ARTWORK_ID,
      issue_type: 'comment',
      note: 'Plaque is gone',
      user_token: TOKEN,
    });
    expect(store.getState().ui.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: 'Thanks! Your feedback was sent to the moderators.' }),
    ]);
  });

  it('sends with Cmd+Enter; a plain Enter is a new line, and nothing is sent while the note is empty', async () => {
    const { calls } = mockFetch({ 'POST /api/feedback': SENT });
    const { note, store } = openFeedback();
    fireEvent.keyDown(note, { key: 'Enter', metaKey: true });
    fireEvent.change(note, { target: { value: 'Line one' } });
    fireEvent.keyDown(note, { key: 'Enter' });
    expect(calls).toHaveLength(0);
    fireEvent.keyDown(note, { key: 'Enter', metaKey: true });
    await vi.waitFor(() => expect(store.getState().ui.dialog).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it('closes on Escape at once when nothing was typed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { store } = openFeedback();
    await userEvent.keyboard('{Escape}');
    expect(confirm).not.toHaveBeenCalled();
    expect(store.getState().ui.dialog).toBeNull();
  });

  it('asks before closing with unsaved changes, and stays open when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { note, store, dialog } = openFeedback();
    fireEvent.change(note, { target: { value: 'draft' } });
    await userEvent.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you want to close?');
    expect(store.getState().ui.dialog).toBe('feedback');
    expect(note).toHaveValue('draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(store.getState().ui.dialog).toBeNull();
  });

  it('closes an untouched missing report without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { store } = openFeedback({ subjectType: 'artwork', subjectId: ARTWORK_ID, issueType: 'missing' });
    await userEvent.keyboard('{Escape}');
    expect(confirm).not.toHaveBeenCalled();
    expect(store.getState().ui.dialog).toBeNull();
  });
});

describe('feedback dialog: failures (SPEC §4, §8)', () => {
  async function failWith(respond: () => Response | Promise<Response>) {
    mockFetch({ 'POST /api/feedback': respond });
    const { note, send, store } = openFeedback();
    fireEvent.change(note, { target: { value: 'hello' } });
    await userEvent.click(send);
    const alert = await screen.findByRole('alert');
    // Still open, the note kept, Send available again.
    expect(store.getState().ui.dialog).toBe('feedback');
    expect(note).toHaveValue('hello');
    expect(send).toBeEnabled();
    expect(store.getState().ui.toasts).toEqual([]);
    return alert;
  }

  it('shows the server’s message', async () => {
    const alert = await failWith(() => apiError(429, 'RATE_LIMITED', 'Too much feedback from you: try again in an hour'));
    expect(alert).toHaveTextContent('Too much feedback from you: try again in an hour');
  });

  it('shows the HTTP status text when the server gives no message', async () => {
    const alert = await failWith(() => json({}, { status: 503, statusText: 'Service Unavailable' }));
    expect(alert).toHaveTextContent('Service Unavailable');
  });

  it('says "Failed to send feedback. Please try again." when no answer came', async () => {
    const alert = await failWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(alert).toHaveTextContent('Failed to send feedback. Please try again.');
  });

  it('says "Failed to send feedback" when the answer cannot be read', async () => {
    const alert = await failWith(() => new Response('<html>oops</html>', { status: 201, headers: { 'Content-Type': 'text/html' } }));
    expect(alert).toHaveTextContent(/^Failed to send feedback$/);
  });

  it('words every kind of failure as the catalogue says', () => {
    expect(sendFailureText({ code: 'NOT_FOUND', status: 404, message: 'Artwork not found' })).toBe('Artwork not found');
    expect(sendFailureText({ code: 'TIMEOUT', status: 408, message: 'Request timeout' })).toBe('Failed to send feedback. Please try again.');
    expect(sendFailureText(new Error('boom'))).toBe('Failed to send feedback. Please try again.');
  });
});

describe('where feedback is opened from', () => {
  const main = () => within(screen.getByRole('main'));

  it('the bottom bar sends general feedback, about no subject', async () => {
    const { calls } = mockFetch({ 'POST /api/feedback': SENT });
    renderRoute('/help');
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Quick actions' })).getByRole('button', { name: 'Send feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your note' }), 'Love the map');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/feedback')).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.url.pathname === '/api/feedback')!)).toMatchObject({
      subject_type: 'general',
      subject_id: null,
      issue_type: 'comment',
      note: 'Love the map',
    });
  });

  it('an artwork page sends a comment or a missing report about the artwork', async () => {
    mockFetch(artworkRoutes(ORCA, () => envelope(historyPage([]))));
    const { store } = renderRoute(`/artwork/${ORCA.id}`);
    await screen.findByRole('heading', { level: 1, name: ORCA.title });
    await userEvent.click(main().getByRole('button', { name: 'Send feedback' }));
    expect(store.getState().ui.feedback).toEqual({ subjectType: 'artwork', subjectId: ORCA.id, issueType: 'comment' });
    expect(await screen.findByRole('dialog', { name: 'Send feedback about this artwork' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(main().getByRole('button', { name: 'Report as missing' }));
    expect(store.getState().ui.feedback).toEqual({ subjectType: 'artwork', subjectId: ORCA.id, issueType: 'missing' });
    expect(await screen.findByRole('dialog', { name: 'Report a missing artwork' })).toBeInTheDocument();
  });

  it('an artist page sends a comment about the artist', async () => {
    mockFetch(artistRoutes(KEN));
    const { store } = renderRoute(`/artist/${KEN.id}`);
    await screen.findByRole('heading', { level: 1, name: KEN.name });
    await userEvent.click(main().getByRole('button', { name: 'Send feedback' }));
    expect(store.getState().ui.feedback).toEqual({ subjectType: 'artist', subjectId: KEN.id, issueType: 'comment' });
    expect(await screen.findByRole('dialog', { name: 'Send feedback about this artist' })).toBeInTheDocument();
  });
});

describe('feedback dialog in French', () => {
  it('reports a missing artwork in French, and fails in French when no answer comes', async () => {
    setLocale('fr');
    mockFetch({ 'POST /api/feedback': () => Promise.reject(new TypeError('Failed to fetch')) });
    const store = storeFor('anonymous');
    store.dispatch(feedbackOpened({ subjectType: 'artwork', subjectId: ARTWORK_ID, issueType: 'missing' }));
    renderWithProviders(<FeedbackDialog />, { store });
    const dialog = screen.getByRole('dialog', { name: 'Signaler une œuvre disparue' });
    expect(within(dialog).getByRole('textbox', { name: 'Votre note' })).toHaveValue('L’œuvre a disparu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Échec de l’envoi du signalement. Veuillez réessayer.');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
