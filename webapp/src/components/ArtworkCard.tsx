/** An artwork as a card of a grid (the artwork index, a list): photo, title, artists, place, type. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { artworkPlace } from '../api/placesApi';
import type { ArtworkDto } from '../api/types';
import { to } from '../config/routes';
import { useT } from '../i18n';
import { photoSource } from '../lib/images';
import { artworkTypeColor } from '../lib/map/artworkTypes';
import { Icon } from './Icon';
import { TypeChip } from './TypeChip';

/** `action`: a control beside the type chip (a list's "Remove"). */
export function ArtworkCard({ artwork, action }: { artwork: ArtworkDto; action?: ReactNode }) {
  const t = useT();
  const first = artwork.photos[0];
  const photo = first ? photoSource(first, 'thumbnail') : null;
  const artists = artwork.artists.map((a) => a.name).join(', ');
  const place = artworkPlace(artwork);
  return (
    <li className="card">
      <Link to={to.artwork(artwork.id)} className="card__link">
        {photo ? (
          <img className="card__media" src={photo.src} alt="" loading="lazy" />
        ) : (
          <span className="card__media card__media--placeholder" style={{ color: artworkTypeColor(artwork.artwork_type) }}>
            <Icon name="artworks" size={36} />
          </span>
        )}
        <span className="card__body">
          <span className="card__title">{artwork.title || t('components.artwork.untitled')}</span>
          {artists && <span className="card__meta">{artists}</span>}
          {place && (
            <span className="card__meta card__place">
              <Icon name="place" size={14} /> {place}
            </span>
          )}
        </span>
      </Link>
      <span className="card__footer">
        <TypeChip type={artwork.artwork_type} />
        {action}
      </span>
    </li>
  );
}
