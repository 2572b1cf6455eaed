import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

describe('the static pages', () => {
  it('lists the tutorials and the policies', async () => {
    mockFetch();
    renderRoute('/pages');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tutorials' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Policies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', '/pages/privacy-policy');
  });

  it('shows a page with the instance’s name in it', async () => {
    mockFetch();
    renderRoute('/pages/terms-of-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(screen.getByText(/^Plinth is a community registry\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your contributions' })).toBeInTheDocument();
  });

  it('says when there is no page by that name', async () => {
    mockFetch();
    renderRoute('/pages/nothing-here');
    expect(await screen.findByText('There’s no page by that name')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All pages' })).toHaveAttribute('href', '/pages');
  });

  it('is in French when the interface is: the list, a page, its title and its links', async () => {
    setLocale('fr');
    mockFetch();
    renderRoute('/pages/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Politique de confidentialité - Plinth'));
    expect(screen.getByRole('heading', { level: 2, name: 'Sans compte' })).toBeInTheDocument();
    expect(screen.getByText('Plinth recueille aussi peu de renseignements que possible à votre sujet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toutes les pages' })).toHaveAttribute('href', '/pages');
  });

  it('lists the pages in French', async () => {
    setLocale('fr');
    mockFetch();
    renderRoute('/pages');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tutoriels' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Politiques' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Conditions d’utilisation/ })).toHaveAttribute('href', '/pages/terms-of-service');
  });
});
