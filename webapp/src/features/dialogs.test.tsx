import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../app/shell/Toaster';
import { toastShown } from '../lib/ui';
import { renderWithProviders, storeFor } from '../testing/render';
import { PromptDialog, promptError } from '../components/Dialog';

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
    // Over the whole window, not inside the (transformed, so containing) toaster.
    expect(screen.getByTestId('confetti').parentElement).toBe(document.body);
    expect(screen.getByRole('list', { name: 'Messages' })).not.toContainElement(screen.getByTestId('confetti'));
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
