import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken, setToken } from '../../api/token';
import { ORCA } from '../../testing/artworks';
import { apiError, authStatus, envelope, mockFetch } from '../../testing/fetchMock';
import { BASE_USER, renderRoute } from '../../testing/render';

const ENDED = 'Your sign-in has ended. Sign in again to continue.';
const NOTICE = 'Your sign-in has ended. Sign in again to send this — what you entered is kept.';

describe('a sign-in that ended elsewhere, met by a write', () => {
  it('keeps what was entered with the server’s words, signs the app out, and offers to sign in again', async () => {
    setToken('ada-session');
    const { callsTo } = mockFetch({
      [`GET /api/artworks/${ORCA.id}`]: () => envelope(ORCA),
      'POST /api/logbook': () => apiError(401, 'SESSION_ENDED', ENDED),
      'GET /api/auth/status': () => envelope(authStatus({ user_token: 'fresh-anonymous' }), { 'X-User-Token': 'fresh-anonymous' }),
    });
    const { store } = renderRoute(`/logbook/${ORCA.id}`, { who: 'user' });
    await screen.findByRole('link', { name: ORCA.title });
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Repainted last week');
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));

    // The form: the server's words, the note kept.
    expect(await screen.findByTestId('form-error')).toHaveTextContent(ENDED);
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Repainted last week');

    // The shell: one notice, with a way to sign in again.
    const toasts = within(screen.getByRole('list', { name: 'Messages' }));
    expect(await toasts.findByRole('status')).toHaveTextContent(NOTICE);
    expect(toasts.getAllByRole('listitem')).toHaveLength(1);

    // Who the app is, read again under the ended token: anonymous now, with the fresh token it was given.
    await waitFor(() => expect(store.getState().session).toMatchObject({ isAuthenticated: false, user: { id: BASE_USER.id, email: null } }));
    expect(getToken()).toBe('fresh-anonymous');
    expect(callsTo('/api/auth/status')[0]!.headers.get('X-User-Token')).toBe('ada-session');
    expect(callsTo('/api/logbook')).toHaveLength(1);

    // Sign in: the sign-in dialog opens, the notice goes, the form still holds the note.
    await userEvent.click(toasts.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(toasts.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Repainted last week');
  });
});
