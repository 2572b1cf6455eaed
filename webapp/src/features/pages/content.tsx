/**
 * The static pages (SPEC §2): terms, privacy, and the four tutorials. Until the server serves
 * pages, their text ships with the app, in the message catalogues (`pages.*`). `{product}` is
 * replaced with the instance's name. The English titles and summaries are also in
 * config/site.json, which the server reads for link previews (site.test.ts keeps them equal).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageKey, Translator } from '../../i18n';

export type PageGroup = 'tutorials' | 'policies';

export interface StaticPage {
  slug: string;
  /** The title and summary, as messages. */
  title: MessageKey;
  summary: MessageKey;
  group: PageGroup;
  body: (t: Translator, product: string) => ReactNode;
}

/** Each group's heading on /pages, in the order they are shown. */
export const PAGE_GROUPS: Record<PageGroup, MessageKey> = {
  tutorials: 'pages.group.tutorials',
  policies: 'pages.group.policies',
};

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export const PAGES: StaticPage[] = [
  {
    slug: 'tutorial-take-photos',
    title: 'pages.photos.title',
    summary: 'pages.photos.summary',
    group: 'tutorials',
    body: (t) => (
      <>
        <p>{t('pages.photos.intro')}</p>
        <ol>
          <li>{t('pages.photos.whole')}</li>
          <li>{t('pages.photos.light')}</li>
          <li>{t('pages.photos.location')}</li>
          <li>{t('pages.photos.people')}</li>
        </ol>
        <p>{t.rich('pages.photos.ready', { b: strong })}</p>
      </>
    ),
  },
  {
    slug: 'tutorial-update-information',
    title: 'pages.update.title',
    summary: 'pages.update.summary',
    group: 'tutorials',
    body: (t) => (
      <>
        <p>{t.rich('pages.update.intro', { b: strong })}</p>
        <ul>
          <li>{t('pages.update.know')}</li>
          <li>{t('pages.update.details')}</li>
          <li>{t('pages.update.approval')}</li>
        </ul>
      </>
    ),
  },
  {
    slug: 'tutorial-explore-nearby-artworks',
    title: 'pages.explore.title',
    summary: 'pages.explore.summary',
    group: 'tutorials',
    body: (t) => (
      <>
        <p>{t.rich('pages.explore.intro', { map: (chunks) => <Link to="/">{chunks}</Link> })}</p>
        <ul>
          <li>{t('pages.explore.locate')}</li>
          <li>{t.rich('pages.explore.preview', { b: strong })}</li>
          <li>{t.rich('pages.explore.list', { b: strong })}</li>
        </ul>
      </>
    ),
  },
  {
    slug: 'tutorial-rate-artworks',
    title: 'pages.visits.title',
    summary: 'pages.visits.summary',
    group: 'tutorials',
    body: (t) => (
      <>
        <p>{t.rich('pages.visits.intro', { b: strong })}</p>
        <p>{t.rich('pages.visits.missing', { b: strong })}</p>
      </>
    ),
  },
  {
    slug: 'terms-of-service',
    title: 'pages.terms.title',
    summary: 'pages.terms.summary',
    group: 'policies',
    body: (t, product) => (
      <>
        <p>{t('pages.terms.intro', { product })}</p>
        <h2>{t('pages.terms.contributions')}</h2>
        <ul>
          <li>{t('pages.terms.ownPhotos')}</li>
          <li>{t('pages.terms.licence', { product })}</li>
          <li>{t('pages.terms.reviewed')}</li>
        </ul>
        <h2>{t('pages.terms.respect')}</h2>
        <p>{t('pages.terms.respectBody')}</p>
        <h2>{t('pages.terms.openData')}</h2>
        <p>{t('pages.terms.openDataBody')}</p>
        <h2>{t('pages.terms.warranty')}</h2>
        <p>{t('pages.terms.warrantyBody')}</p>
      </>
    ),
  },
  {
    slug: 'privacy-policy',
    title: 'pages.privacy.title',
    summary: 'pages.privacy.summary',
    group: 'policies',
    body: (t, product) => (
      <>
        <p>{t('pages.privacy.intro', { product })}</p>
        <h2>{t('pages.privacy.anonymous')}</h2>
        <p>{t('pages.privacy.anonymousBody')}</p>
        <h2>{t('pages.privacy.account')}</h2>
        <p>{t('pages.privacy.accountBody')}</p>
        <h2>{t('pages.privacy.photos')}</h2>
        <p>{t('pages.privacy.photosBody')}</p>
        <h2>{t('pages.privacy.location')}</h2>
        <p>{t('pages.privacy.locationBody')}</p>
        <h2>{t('pages.privacy.questions')}</h2>
        <p>{t('pages.privacy.questionsBody')}</p>
      </>
    ),
  },
];

export function findPage(slug: string): StaticPage | undefined {
  return PAGES.find((p) => p.slug === slug);
}
