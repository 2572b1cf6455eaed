/**
 * /profile's "Lists": the caller's lists (Loved, Visited and Want to see first, then their own),
 * each with its count and a link to its page, and a form that starts a new one. Anyone has
 * lists, signed in or not.
 */
import { useGetMyListsQuery } from '../../api/listsApi';
import { NewListForm } from '../../components/NewListForm';
import { RowLink } from '../../components/RowLink';
import { ErrorState, Loading, Skeleton } from '../../components/states';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { plural } from '../../lib/format';

export function MyLists() {
  const { data, error, isLoading, refetch } = useGetMyListsQuery();
  return (
    <section className="section" aria-labelledby="my-lists-title">
      <h2 id="my-lists-title" className="section__title">
        Lists
      </h2>
      {isLoading ? (
        <Loading label="Loading lists…">
          <Skeleton lines={3} />
        </Loading>
      ) : error || !data ? (
        <ErrorState title="Could not load your lists" error={error} onRetry={() => void refetch()} />
      ) : (
        <ul className="row-list" aria-label="Your lists">
          {data.map((l) => (
            <RowLink key={l.id} to={to.list(l.id)} title={l.name} meta={`${plural(l.item_count, 'artwork')} · ${l.public ? 'Public' : 'Private'}`} />
          ))}
        </ul>
      )}
      <NewListForm label="List name" submitLabel="Create list" offerPublic onCreated={({ name }) => announce(`Created ${name}`)} />
    </section>
  );
}
