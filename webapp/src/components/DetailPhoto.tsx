/**
 * A detail whose value is the address of a photo (an imported `photo_url`): the photo itself, with
 * its credit and the site it comes from, or a link to it when the address is not an image file or
 * the image cannot be shown (the site is unreachable, or the page's policy does not let it load).
 */
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import type { PhotoDetail } from '../lib/tagGroups';
import './DetailPhoto.css';

export function DetailPhoto({ photo, alt, credit }: { photo: PhotoDetail; alt: string; credit?: string | undefined }) {
  // The address changes as the person edits it: a new one gets its own try.
  return <Shown key={photo.url} photo={photo} alt={alt} credit={credit?.trim() || undefined} />;
}

function Shown({ photo, alt, credit }: { photo: PhotoDetail; alt: string; credit: string | undefined }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const newTab = <span className="visually-hidden"> {t('components.newTab')}</span>;
  const source = (
    <a href={photo.url} target="_blank" rel="noreferrer">
      {photo.host}
      {newTab}
    </a>
  );
  if (!photo.image || failed) {
    const link = (chunks: ReactNode[]) => (
      <a href={photo.url} target="_blank" rel="noreferrer">
        {chunks}
        {newTab}
      </a>
    );
    return (
      <p className="detail-photo detail-photo--link" data-testid="detail-photo">
        {credit
          ? t.rich('components.detailPhoto.linkBy', { link, host: photo.host, credit })
          : t.rich('components.detailPhoto.link', { link, host: photo.host })}
      </p>
    );
  }
  return (
    <figure className="detail-photo" data-testid="detail-photo">
      <img src={photo.url} alt={alt} referrerPolicy="no-referrer" onError={() => setFailed(true)} />
      <figcaption className="muted small">
        {credit
          ? t.rich('components.detailPhoto.captionBy', { credit, source })
          : t.rich('components.detailPhoto.caption', { source })}
      </figcaption>
    </figure>
  );
}
