/** An artwork the registry does not have (SPEC §8's message), with the way back to the map. */
import { to } from '../config/routes';
import { NotFound } from './NotFound';

export function artworkNotFoundMessage(id: string): string {
  return `Artwork with ID ${id} not found`;
}

export function ArtworkNotFound({ id }: { id: string }) {
  return (
    <NotFound icon="artworks" title="Artwork not found" back={{ to: to.map(), label: 'Back to the map' }}>
      <p>{artworkNotFoundMessage(id)}</p>
    </NotFound>
  );
}
