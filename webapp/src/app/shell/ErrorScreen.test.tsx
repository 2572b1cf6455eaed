import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n';
import { GlobalErrorBoundary } from './ErrorScreen';

function Boom(): never {
  throw new Error('render exploded');
}

describe('global error screen (SPEC §2, §8)', () => {
  it('replaces the app when a component throws, with a reference ID and ways out', async () => {
    render(
      <GlobalErrorBoundary>
        <Boom />
      </GlobalErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/^ERR-/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report by email' }).getAttribute('href')).toMatch(/^mailto:\?subject=Error%20report%20ERR-/);
    const writeText = vi.fn((_text: string) => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(screen.getByRole('button', { name: 'Copy details' }));
    expect(writeText.mock.calls[0]![0]).toContain('render exploded');
    expect(screen.getByText('Details copied.')).toBeInTheDocument();
  });

  it('catches unhandled promise rejections', () => {
    render(
      <GlobalErrorBoundary>
        <p>All good</p>
      </GlobalErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    act(() => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(event, 'reason', { value: new Error('lost promise') });
      window.dispatchEvent(event);
    });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('catches uncaught errors but ignores aborted requests', () => {
    render(
      <GlobalErrorBoundary>
        <p>All good</p>
      </GlobalErrorBoundary>,
    );
    act(() => {
      const aborted = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(aborted, 'reason', { value: new DOMException('aborted', 'AbortError') });
      window.dispatchEvent(aborted);
    });
    expect(screen.getByText('All good')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('kaboom'), message: 'kaboom' }));
    });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});

describe('the error screen in French', () => {
  it('says what happened and offers its ways out in French', () => {
    setLocale('fr');
    render(
      <GlobalErrorBoundary>
        <Boom />
      </GlobalErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Un problème est survenu' })).toBeInTheDocument();
    expect(document.title).toBe('Un problème est survenu');
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signaler par courriel' }).getAttribute('href')).toMatch(/^mailto:\?subject=Rapport%20d%E2%80%99erreur%20ERR-/);
  });
});
