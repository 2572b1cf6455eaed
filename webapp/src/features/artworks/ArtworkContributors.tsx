/**
 * The artwork's contributors, from its history: everyone credited (most first, with how many
 * details and photos), and on request who set each detail's current value and whose approval
 * made it current. Display names only, as the server gives them.
 */
import { useGetArtworkContributorsQuery } from '../../api/artworkApi';
import { errorMessage } from '../../api/errors';
import type { Credits } from '../../api/types';
import { ColumnHeads } from '../../components/ColumnHeads';
import { Section } from '../../components/Section';
import { Loading, Skeleton } from '../../components/states';
import { t as translate, useT } from '../../i18n';
import { formatDate } from '../../lib/format';
import { fieldLabel } from '../../lib/historyText';

type Contributor = Credits['contributors'][number];

/** "2 details and 3 photos", leaving out what is none. */
export function contributionText(c: Pick<Contributor, 'fields' | 'photos'>): string {
  if (c.fields > 0 && c.photos > 0) return translate('artworks.contributors.detailsAndPhotos', { fields: c.fields, photos: c.photos });
  if (c.fields > 0) return translate('artworks.contributors.details', { fields: c.fields });
  return c.photos > 0 ? translate('common.photos', { count: c.photos }) : '';
}

export function ArtworkContributors({ artworkId }: { artworkId: string }) {
  const t = useT();
  const { data, error, isLoading } = useGetArtworkContributorsQuery(artworkId);
  let body;
  if (isLoading) {
    body = (
      <Loading label={t('artworks.contributors.loading')}>
        <Skeleton lines={2} />
      </Loading>
    );
  } else if (!data) {
    body = (
      <p className="muted" role="alert">
        {errorMessage(error, t('artworks.contributors.failed'))}
      </p>
    );
  } else if (data.contributors.length === 0) {
    body = <p className="muted">{t('artworks.contributors.none')}</p>;
  } else {
    body = (
      <>
        <ul className="link-list" aria-label={t('artworks.contributors.list')}>
          {data.contributors.map((c) => (
            <li key={c.display_name}>
              <strong>{c.display_name}</strong> <span className="muted">{contributionText(c)}</span>
            </li>
          ))}
        </ul>
        {data.fields.length > 0 && (
          <details className="credits">
            <summary>{t('artworks.contributors.whoSetEach')}</summary>
            <table className="credits__table">
              <ColumnHeads columns={[t('artworks.contributors.detail'), t('artworks.contributors.by'), t('artworks.contributors.approvedBy'), t('artworks.contributors.when')]} />
              <tbody>
                {data.fields.map((f) => (
                  <tr key={f.field}>
                    <th scope="row">{fieldLabel(f.field)}</th>
                    <td>{f.by}</td>
                    <td>{f.approved_by ?? '—'}</td>
                    <td>
                      <time dateTime={f.at}>{formatDate(f.at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
      </>
    );
  }
  return (
    <Section titleId="contributors-title" title={t('artworks.contributors.title')}>
      {body}
    </Section>
  );
}
