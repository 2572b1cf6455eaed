import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

describe('/help', () => {
  it.each([
    {
      locale: 'en',
      title: 'Help',
      tutorials: ['Exploring artworks nearby', 'Taking good photos of public art', 'Logging visits to artworks', 'Updating artwork information'],
      question: 'Do I need an account?',
      feedback: 'Send feedback',
    },
    {
      locale: 'fr',
      title: 'Aide',
      tutorials: [
        'Explorer les œuvres à proximité',
        'Bien photographier l’art public',
        'Noter ses visites d’œuvres',
        'Mettre à jour les informations d’une œuvre',
      ],
      question: /^Ai-je besoin d’un compte/,
      feedback: 'Envoyer un signalement',
    },
  ] as const)('links the tutorials, answers the questions and offers ways to reach the moderators ($locale)', async ({ locale, title, tutorials, question, feedback }) => {
    setLocale(locale);
    mockFetch();
    renderRoute('/help');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} - Plinth`));
    const links = screen.getAllByRole('link').filter((l) => l.getAttribute('href')?.startsWith('/pages/'));
    expect(links.map((l) => l.textContent)).toEqual(tutorials);
    expect(screen.getByRole('link', { name: tutorials[0] })).toHaveAttribute('href', '/pages/tutorial-explore-nearby-artworks');
    expect(screen.getByText(question)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    await userEvent.click(main.getByRole('button', { name: feedback }));
    expect(await screen.findByRole('dialog', { name: feedback })).toBeInTheDocument();
  });
});
