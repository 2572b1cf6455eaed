/**
 * `site.json` is what the server knows of the app's pages (which paths exist, so any other is a
 * 404; the redirects; the static pages' titles for their link previews). It must say exactly
 * what the app's routes do. The pages' titles there are the English ones: the app shows them
 * from its message catalogues (pages.*), in the interface language.
 */
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { PAGES } from '../features/pages/content';
import { REDIRECTS } from '../config/routes';
import { t } from '../i18n';
import site from '../config/site.json';

/** Every path the route tree matches, as `/a/:b` patterns. */
function paths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((r) => {
    const here = r.index || r.path === undefined ? parent || '/' : `${parent}/${r.path}`.replace(/\/+/g, '/');
    const own = r.index || (r.path !== undefined && r.path !== '*' && r.path !== '/') ? [here] : [];
    return [...own, ...paths(r.children ?? [], here)];
  });
}

describe('site.json', () => {
  it('lists every page of the app and nothing else', () => {
    const redirects = new Set(REDIRECTS.map(([from]) => from));
    const pages = paths(routes).filter((p) => !redirects.has(p));
    expect([...new Set(pages)].sort()).toEqual([...site.paths].sort());
  });

  it('has the app’s redirects', () => {
    expect(site.redirects).toEqual(REDIRECTS.map(([from, to]) => [from, to]));
  });

  it('has every static page with the title and summary the app shows in English', () => {
    expect(site.pages).toEqual(PAGES.map(({ slug, title, summary }) => ({ slug, title: t(title, {}, 'en'), summary: t(summary, {}, 'en') })));
  });
});
