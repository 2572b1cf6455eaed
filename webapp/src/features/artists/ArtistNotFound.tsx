/** An artist the registry does not have (the server's message), with the way to all artists. */
import { NotFound } from '../../components/NotFound';
import { to } from '../../config/routes';
import { useT } from '../../i18n';

export function ArtistNotFound({ id }: { id: string }) {
  const t = useT();
  return (
    <NotFound icon="artists" title={t('artists.notFound.title')} back={{ to: to.artists(), label: t('artists.notFound.all') }}>
      <p>{t('artists.notFound.body', { id })}</p>
    </NotFound>
  );
}
