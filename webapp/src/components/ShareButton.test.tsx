import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, toastMessages } from '../testing/render';
import { ShareButton } from './ShareButton';

const URL_OF_PAGE = `${window.location.origin}/artwork/42`;

afterEach(() => {
  vi.unstubAllGlobals();
});

function withNavigator(extra: Partial<Navigator>) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, extra));
}

describe('the share button', () => {
  it('opens the system share sheet with the page’s title and absolute link, and copies nothing', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    withNavigator({ share, clipboard: { writeText } as unknown as Clipboard });
    const { store } = renderWithProviders(<ShareButton path="/artwork/42" title="Digital Orca" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Digital Orca', url: URL_OF_PAGE }));
    expect(writeText).not.toHaveBeenCalled();
    expect(toastMessages(store)).toEqual([]);
  });

  it('says nothing when the person closes the share sheet', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    const writeText = vi.fn(() => Promise.resolve());
    withNavigator({ share, clipboard: { writeText } as unknown as Clipboard });
    const { store } = renderWithProviders(<ShareButton path="/artwork/42" title="Digital Orca" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    expect(toastMessages(store)).toEqual([]);
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    withNavigator({ share: undefined, clipboard: { writeText } as unknown as Clipboard });
    const { store } = renderWithProviders(<ShareButton path="/artwork/42" title="Digital Orca" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastMessages(store)).toEqual(['Link copied']));
    expect(writeText).toHaveBeenCalledWith(URL_OF_PAGE);
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    withNavigator({ share: undefined, clipboard: { writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard });
    const { store } = renderWithProviders(<ShareButton path="/artwork/42" title="Digital Orca" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastMessages(store)).toEqual([`Could not copy the link: ${URL_OF_PAGE}`]));
  });
});
