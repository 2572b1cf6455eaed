import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../app/shell/Toaster';
import { feedbackOpened, toastShown } from '../lib/ui';
import { apiError, json, mockFetch } from '../testing/fetchMock';
import { renderWithProviders, storeFor } from '../testing/render';
import { PromptDialog, promptError } from '../components/Dialog';
import { FeedbackDialog } from './feedback/FeedbackDialog';
import { canSend } from './feedback/rules';

function openFeedback(issueType: 'comment' | 'missing' = 'comment') {
  const store = storeFor('anonymous');
  store.dispatch(feedbackOpened({ subjectType: 'artwork', subjectId: 'art-1', issueType }));
  renderWithProviders(<FeedbackDialog />, { store });
  return { store, dialog: screen.getByRole('dialog'), note: screen.getByRole('textbox', { name: 'Your note' }) };
}

describe('feedback dialog (SPEC §4, §5, §8)', () => {
  it('enables Send only for a trimmed, non-empty note of at most 1000 characters', () => {
    const { note, dialog } = openFeedback();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(note, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(note, { target: { value: 'x'.repeat(1001) } });
    expect(send).toBeDisabled();
    expect(within(dialog).getByText(/1001\/1000/)).toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'Plaque is gone' } });
    expect(send).toBeEnabled();
    expect(canSend('ok', true)).toBe(false);
  });

  it('sends with Ctrl+Enter, the payload of the SPEC, and closes on success', async () => {
    localStorage.setItem('user-token', 't'.repeat(64));
    const { calls } = mockFetch({ 'POST /api/feedback': () => json({ success: true, data: { id: 'fb-1' } }) });
    const { note, store } = openFeedback();
    fireEvent.change(note, { target: { value: '  Plaque is gone  ' } });
    fireEvent.keyDown(note, { key: 'Enter', ctrlKey: true });
    await vi.waitFor(() => expect(store.getState().ui.dialog).toBeNull());
    expect(JSON.parse(calls[0]!.body as string)).toEqual({
      subject_type: 'artwork',
      subject_id: 'art-1',
      issue_type: 'comment',
      note: 'Plaque is gone',
      user_token: 't'.repeat(64),
    });
    expect(store.getState().ui.toasts[0]?.type).toBe('success');
  });

  it('stays open with the server’s message when sending fails', async () => {
    mockFetch({ 'POST /api/feedback': () => apiError(422, 'VALIDATION_ERROR', 'note is too long') });
    const { note, store } = openFeedback();
    fireEvent.change(note, { target: { value: 'hello' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('note is too long');
    expect(store.getState().ui.dialog).toBe('feedback');
  });

  it('asks before closing with unsaved changes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { note, store } = openFeedback();
    fireEvent.change(note, { target: { value: 'draft' } });
    await userEvent.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you want to close?');
    expect(store.getState().ui.dialog).toBe('feedback');
  });

  it('prefills "The artwork is missing" in missing mode', () => {
    const { note } = openFeedback('missing');
    expect(note).toHaveValue('The artwork is missing');
  });
});

describe('toasts (SPEC §3, §9)', () => {
  it('dismisses after 4000 ms by default and 8000 ms for badges', async () => {
    vi.useFakeTimers();
    const store = storeFor('anonymous');
    renderWithProviders(<Toaster />, { store });
    act(() => {
      store.dispatch(toastShown({ type: 'info', message: 'Saved' }));
      store.dispatch(
        toastShown({
          type: 'success',
          message: 'You earned a badge!',
          payload: { badge: { badge_id: 'b', badge_key: 'first', title: 'First photo', icon_emoji: '📸' } },
        }),
      );
    });
    expect(store.getState().ui.toasts.map((t) => t.timeoutMs)).toEqual([4000, 8000]);
    expect(screen.getByRole('link', { name: 'See your badges' })).toHaveAttribute('href', '/profile/badges');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText(/You earned a badge!/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(screen.queryByText(/You earned a badge!/)).not.toBeInTheDocument();
  });
});

describe('prompt dialog (SPEC §5)', () => {
  it('blocks a blank required value, enforces the maximum and shows a custom message', () => {
    expect(promptError('  ', { label: 'Reason', required: true })).toBe('Reason is required');
    expect(promptError('', { label: 'Name' })).toBeNull();
    expect(promptError('abcdef', { label: 'Name', maxLength: 5 })).toBe('Name must be at most 5 characters');
    expect(promptError('x', { label: 'Name', validate: (v) => (v === 'x' ? 'Not x' : null) })).toBe('Not x');
  });

  it('submits the trimmed value only when valid', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<PromptDialog open title="Reject submission" label="Reason" required onSubmit={onSubmit} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Reason is required');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), '  duplicate ');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSubmit).toHaveBeenCalledWith('duplicate');
  });
});

describe('badge confetti (SPEC §9)', () => {
  it('bursts 100 particles for a badge toast', () => {
    const store = storeFor('anonymous');
    renderWithProviders(<Toaster />, { store });
    act(() => {
      store.dispatch(
        toastShown({ type: 'success', message: 'Badge!', payload: { badge: { badge_id: 'b', badge_key: 'k', title: 'T' } } }),
      );
    });
    expect(screen.getByTestId('confetti').children).toHaveLength(100);
  });

  it('is skipped when reduced motion is preferred', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
    const base = (original.value as (q: string) => MediaQueryList).bind(window);
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (q: string) => ({ ...base(q), matches: q.includes('reduce') }),
    });
    const store = storeFor('anonymous');
    renderWithProviders(<Toaster />, { store });
    act(() => {
      store.dispatch(
        toastShown({ type: 'success', message: 'Badge!', payload: { badge: { badge_id: 'b', badge_key: 'k', title: 'T' } } }),
      );
    });
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    Object.defineProperty(window, 'matchMedia', original);
  });
});
