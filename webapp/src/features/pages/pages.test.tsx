import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

describe('the static pages', () => {
  it.each([
    { locale: 'en', tutorials: 'Tutorials', policies: 'Policies', link: /Privacy policy/, href: '/pages/privacy-policy' },
    { locale: 'fr', tutorials: 'Tutoriels', policies: 'Politiques', link: /Conditions d’utilisation/, href: '/pages/terms-of-service' },
  ] as const)('lists the tutorials and the policies ($locale)', async ({ locale, tutorials, policies, link, href }) => {
    setLocale(locale);
    mockFetch();
    renderRoute('/pages');
    expect(await screen.findByRole('heading', { level: 2, name: tutorials })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: policies })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  it.each([
    {
      locale: 'en',
      path: '/pages/terms-of-service',
      title: 'Terms of service',
      section: 'Your contributions',
      text: /^Plinth is a community registry\./,
      allPages: 'All pages',
    },
    {
      locale: 'fr',
      path: '/pages/privacy-policy',
      title: 'Politique de confidentialité',
      section: 'Sans compte',
      text: 'Plinth recueille aussi peu de renseignements que possible à votre sujet.',
      allPages: 'Toutes les pages',
    },
  ] as const)('shows a page with the instance’s name in it, its title and its links ($locale)', async ({ locale, path, title, section, text, allPages }) => {
    setLocale(locale);
    mockFetch();
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} - Plinth`));
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: allPages })).toHaveAttribute('href', '/pages');
  });

  it('says when there is no page by that name', async () => {
    mockFetch();
    renderRoute('/pages/nothing-here');
    expect(await screen.findByText('There’s no page by that name')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All pages' })).toHaveAttribute('href', '/pages');
  });
});
