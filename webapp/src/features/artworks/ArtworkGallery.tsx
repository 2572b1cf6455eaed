/** An artwork's photos on its detail page. */
import { useState } from 'react';
import type { PhotoDto } from '../../api/types';
import { PhotoImage } from '../../components/PhotoImage';
import { useT } from '../../i18n';
import { photoSource } from '../../lib/images';

/** The photos: one large, the others as thumbnails that show it instead. */
export function Gallery({ photos, title }: { photos: PhotoDto[]; title: string }) {
  const t = useT();
  const [shown, setShown] = useState(0);
  const index = Math.min(shown, photos.length - 1);
  const current = photos[index];
  if (!current) return null;
  const full = photoSource(current, 'large')?.full ?? current.large_url;
  return (
    <section aria-label={t('artworks.gallery.label')} className="gallery-viewer" data-testid="artwork-gallery">
      <a href={full} className="gallery-viewer__main" target="_blank" rel="noreferrer">
        <PhotoImage
          photo={current}
          size="medium"
          alt={t('artworks.gallery.photoOf', { n: index + 1, title })}
          loading={index === 0 ? 'eager' : 'lazy'}
        />
        <span className="visually-hidden"> {t('artworks.gallery.opensFullSize')}</span>
      </a>
      {photos.length > 1 && (
        <ul className="gallery-viewer__thumbs" aria-label={t('artworks.gallery.all')}>
          {photos.map((p, i) => (
            <li key={p.key || i}>
              <button
                type="button"
                className="gallery-viewer__thumb"
                aria-label={t('artworks.gallery.show', { n: i + 1, total: photos.length })}
                aria-pressed={i === index}
                onClick={() => setShown(i)}
              >
                <PhotoImage photo={p} size="thumbnail" alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
