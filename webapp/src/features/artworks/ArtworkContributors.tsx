/**
 * The artwork's contributors, from its history: everyone credited (most first, with how many
 * details and photos), and on request who set each detail's current value and whose approval
 * made it current. Display names only, as the server gives them.
 */
import { useGetArtworkContributorsQuery } from '../../api/artworkApi';
import { errorMessage } from '../../api/errors';
import type { Credits } from '../../api/types';
import { Section } from '../../components/Section';
import { Loading, Skeleton } from '../../components/states';
import { formatDate, plural } from '../../lib/format';
import { fieldLabel } from '../../lib/historyText';

type Contributor = Credits['contributors'][number];

/** "2 details and 3 photos", leaving out what is none. */
export function contributionText(c: Pick<Contributor, 'fields' | 'photos'>): string {
  const parts = [c.fields > 0 && plural(c.fields, 'detail'), c.photos > 0 && plural(c.photos, 'photo')].filter(Boolean);
  return parts.join(' and ');
}

export function ArtworkContributors({ artworkId }: { artworkId: string }) {
  const { data, error, isLoading } = useGetArtworkContributorsQuery(artworkId);
  let body;
  if (isLoading) {
    body = (
      <Loading label="Loading contributors…">
        <Skeleton lines={2} />
      </Loading>
    );
  } else if (!data) {
    body = (
      <p className="muted" role="alert">
        {errorMessage(error, 'The contributors could not be loaded')}
      </p>
    );
  } else if (data.contributors.length === 0) {
    body = <p className="muted">No contributions yet.</p>;
  } else {
    body = (
      <>
        <ul className="link-list" aria-label="Contributors">
          {data.contributors.map((c) => (
            <li key={c.display_name}>
              <strong>{c.display_name}</strong> <span className="muted">{contributionText(c)}</span>
            </li>
          ))}
        </ul>
        {data.fields.length > 0 && (
          <details className="credits">
            <summary>Who set each detail</summary>
            <table className="credits__table">
              <thead>
                <tr>
                  <th scope="col">Detail</th>
                  <th scope="col">By</th>
                  <th scope="col">Approved by</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
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
    <Section titleId="contributors-title" title="Contributors">
      {body}
    </Section>
  );
}
