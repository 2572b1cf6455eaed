/** An artist the registry does not have (the server's message), with the way to all artists. */
import { NotFound } from '../../components/NotFound';
import { to } from '../../config/routes';

export function ArtistNotFound({ id }: { id: string }) {
  return (
    <NotFound icon="artists" title="Artist not found" back={{ to: to.artists(), label: 'All artists' }}>
      <p>{`Artist with ID ${id} not found`}</p>
    </NotFound>
  );
}
