/** An artist the registry does not have (the server's message), with the way to all artists. */
import { Link } from 'react-router';
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';

export function ArtistNotFound({ id }: { id: string }) {
  return (
    <EmptyState
      icon="artists"
      title="Artist not found"
      action={
        <Link className="button button--filled" to={to.artists()}>
          All artists
        </Link>
      }
    >
      <p>{`Artist with ID ${id} not found`}</p>
    </EmptyState>
  );
}
