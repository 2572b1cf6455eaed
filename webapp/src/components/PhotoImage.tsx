/**
 * One stored photo at a size. A photo's variants appear a moment after upload: until then the
 * image fails to load, and this shows the sender's local preview if this page has it, else a
 * placeholder.
 */
import { useState } from 'react';
import { photoSource, type ImageSize, type PhotoInput } from '../lib/images';
import { localPreview } from '../lib/localPreviews';
import { Icon } from './Icon';

export function PhotoImage({
  photo,
  size = 'medium',
  alt,
  className,
  loading = 'lazy',
}: {
  photo: PhotoInput;
  size?: ImageSize;
  /** '' for a decorative image. */
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const source = photoSource(photo, size);
  const local = typeof photo === 'string' ? null : localPreview(photo.key);
  const [failed, setFailed] = useState<string[]>([]);
  const candidates = [source?.src, local].filter((s): s is string => !!s && !failed.includes(s));
  const src = candidates[0];
  if (!src) {
    return (
      <span
        className={`photo-placeholder${className ? ` ${className}` : ''}`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="photo-placeholder"
      >
        <Icon name="camera" size={24} />
      </span>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      loading={loading}
      onError={() => setFailed((f) => [...f, src])}
    />
  );
}
