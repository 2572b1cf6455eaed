/** /lists/{id}: the artworks saved in one list. */
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader, usePageTitle } from '../../components/PageTitle';
import { Pagination } from '../../components/Pagination';
import { QueryFailure } from '../../components/QueryFailure';
import { RowLink } from '../../components/RowLink';
import { CardSkeletonGrid, EmptyState } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { plural } from '../../lib/format';
import { useGetListQuery } from './listsApi';

export function ListPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, refetch } = useGetListQuery({ id, page }, { skip: !id });
  usePageTitle(data?.list.name ?? 'List');
  if (isLoading) {
    return (
      <div className="page">
        <PageHeader title="List" />
        <CardSkeletonGrid label="Loading list…" />
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="page">
        <PageHeader title="List" />
        <QueryFailure
          error={error}
          onRetry={() => void refetch()}
          title="Could not load this list"
          icon="list"
          unavailableTitle="Lists aren’t available on this server yet"
          unavailableText={<p>Saved lists of artworks will show here.</p>}
        />
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeader title={data.list.name} documentTitle={data.list.name} subtitle={plural(data.pagination?.total ?? data.items.length, 'artwork')} />
      {data.items.length === 0 ? (
        <EmptyState icon="list" title="This list is empty">
          <p>Add artworks to it from their pages.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="row-list">
            {data.items.map((a) => (
              <RowLink key={a.id} to={to.artwork(a.id)} title={a.title || 'Untitled'} meta={<TypeChip type={a.artwork_type} />} />
            ))}
          </ul>
          {data.pagination && <Pagination page={page} totalPages={data.pagination.total_pages} onPage={setPage} />}
        </>
      )}
    </div>
  );
}
