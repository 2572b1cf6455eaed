/** An artwork the registry does not have (SPEC §8's message), with the way back to the map. */
import { to } from '../config/routes';
import { t as translate, useT } from '../i18n';
import { NotFound } from './NotFound';

export function artworkNotFoundMessage(id: string): string {
  return translate('components.artworkNotFound.message', { id });
}

export function ArtworkNotFound({ id }: { id: string }) {
  const t = useT();
  return (
    <NotFound
      icon="artworks"
      title={t('components.artworkNotFound.title')}
      back={{ to: to.map(), label: t('components.artworkNotFound.back') }}
    >
      <p>{artworkNotFoundMessage(id)}</p>
    </NotFound>
  );
}
