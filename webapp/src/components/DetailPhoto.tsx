/**
 * A detail whose value is the address of a photo (an imported `photo_url`): the photo itself, with
 * its credit and the site it comes from, or a link to it when the address is not an image file or
 * the image cannot be shown (the site is unreachable, or the page's policy does not let it load).
 */
import { useState } from 'react';
import type { PhotoDetail } from '../lib/tagGroups';
import './DetailPhoto.css';

export function DetailPhoto({ photo, alt, credit }: { photo: PhotoDetail; alt: string; credit?: string | undefined }) {
  // The address changes as the person edits it: a new one gets its own try.
  return <Shown key={photo.url} photo={photo} alt={alt} credit={credit?.trim() || undefined} />;
}

function Shown({ photo, alt, credit }: { photo: PhotoDetail; alt: string; credit: string | undefined }) {
  const [failed, setFailed] = useState(false);
  const source = (
    <a href={photo.url} target="_blank" rel="noreferrer">
      {photo.host}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
  if (!photo.image || failed) {
    return (
      <p className="detail-photo detail-photo--link" data-testid="detail-photo">
        <a href={photo.url} target="_blank" rel="noreferrer">
          View the photo<span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        on {photo.host}
        {credit && <>, by {credit}</>}
      </p>
    );
  }
  return (
    <figure className="detail-photo" data-testid="detail-photo">
      <img src={photo.url} alt={alt} referrerPolicy="no-referrer" onError={() => setFailed(true)} />
      <figcaption className="muted small">
        {credit && <>Photo: {credit}. </>}Source: {source}
      </figcaption>
    </figure>
  );
}
