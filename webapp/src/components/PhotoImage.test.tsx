import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { photoSource } from '../lib/images';
import { rememberLocalPreviews } from '../lib/localPreviews';
import { photo } from '../testing/submissions';
import { PhotoImage } from './PhotoImage';

describe('photo URLs', () => {
  it('uses the server’s URL for each size, else builds one from the key', () => {
    expect(photoSource(photo(1), 'thumbnail')).toEqual({ src: photo(1).thumbnail_url, full: photo(1).large_url, alt: null });
    expect(photoSource({ key: 'a/b.jpg' }, 'medium')?.src).toBe('/api/images/medium/a/b.jpg');
    expect(photoSource('https://example.org/x.jpg')?.src).toBe('https://example.org/x.jpg');
    expect(photoSource({})).toBeNull();
  });
});

describe('<PhotoImage>', () => {
  it('shows a placeholder while the server has no variant yet', () => {
    render(<PhotoImage photo={photo(20)} size="thumbnail" alt="Photo 1" />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo 1' }));
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('data-testid', 'photo-placeholder');
  });

  it('shows the sender’s own file meanwhile, when this page sent it', () => {
    rememberLocalPreviews([photo(21)], [new File(['x'], 'mine.jpg', { type: 'image/jpeg' })]);
    render(<PhotoImage photo={photo(21)} size="thumbnail" alt="Photo 1" />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo 1' }));
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
  });
});
