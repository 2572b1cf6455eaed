/** An artwork the registry does not have (SPEC §8's message), with the way back to the map. */
import { Link } from 'react-router';
import { to } from '../config/routes';
import { EmptyState } from './states';

export function artworkNotFoundMessage(id: string): string {
  return `Artwork with ID ${id} not found`;
}

export function ArtworkNotFound({ id }: { id: string }) {
  return (
    <EmptyState
      icon="artworks"
      title="Artwork not found"
      action={
        <Link className="button button--filled" to={to.map()}>
          Back to the map
        </Link>
      }
    >
      <p>{artworkNotFoundMessage(id)}</p>
    </EmptyState>
  );
}
