/**
 * /profile's "Lists": the caller's lists (Loved, Visited and Want to see first, then their own),
 * each with its count and a link to its page, and a form that starts a new one. Anyone has
 * lists, signed in or not.
 */
import { useGetMyListsQuery } from '../../api/listsApi';
import { NewListForm } from '../../components/NewListForm';
import { RowLink } from '../../components/RowLink';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { plural } from '../../lib/format';

export function MyLists() {
  const { data, error, isLoading, refetch } = useGetMyListsQuery();
  return (
    <Section titleId="my-lists-title" title="Lists">
      <QueryState
        query={{ isLoading, error, refetch }}
        loadingLabel="Loading lists…"
        lines={3}
        failed={Boolean(error) || !data}
        failedTitle="Could not load your lists"
      >
        <ul className="row-list" aria-label="Your lists">
          {data?.map((l) => (
            <RowLink key={l.id} to={to.list(l.id)} title={l.name} meta={`${plural(l.item_count, 'artwork')} · ${l.public ? 'Public' : 'Private'}`} />
          ))}
        </ul>
      </QueryState>
      <NewListForm label="List name" submitLabel="Create list" offerPublic onCreated={({ name }) => announce(`Created ${name}`)} />
    </Section>
  );
}
