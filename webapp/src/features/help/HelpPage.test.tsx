import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

beforeEach(() => {
  // No welcome dialog in the way of the feedback dialog.
  localStorage.setItem('cultural-archiver-visited', 'true');
});

describe('/help', () => {
  it('links the tutorials, answers the questions and offers ways to reach the moderators', async () => {
    mockFetch();
    renderRoute('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    const tutorials = screen.getAllByRole('link').filter((l) => l.getAttribute('href')?.startsWith('/pages/'));
    expect(tutorials.map((l) => l.textContent)).toEqual([
      'Exploring artworks nearby',
      'Taking good photos of public art',
      'Logging visits to artworks',
      'Updating artwork information',
    ]);
    expect(screen.getByText('Do I need an account?')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Help - Plinth'));
  });

  it('is in French when the interface is', async () => {
    setLocale('fr');
    mockFetch();
    renderRoute('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Aide - Plinth'));
    expect(screen.getByRole('link', { name: 'Explorer les œuvres à proximité' })).toHaveAttribute(
      'href',
      '/pages/tutorial-explore-nearby-artworks',
    );
    expect(screen.getByText(/^Ai-je besoin d’un compte/)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    await userEvent.click(main.getByRole('button', { name: 'Envoyer un signalement' }));
    expect(await screen.findByRole('dialog', { name: 'Envoyer un signalement' })).toBeInTheDocument();
  });
});
