/** Choose image files (only images are accepted) and see them before sending; remove any. */
import { useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useT } from '../i18n';
import { Icon } from './Icon';
import { ErrorNote } from './states';

/**
 * The hidden file input a "choose photos" button opens (`inputRef.current.click()`): images,
 * several at once. `onFiles` gets each choice; the input is emptied, so the same file can be
 * chosen again.
 */
export function PhotoFileInput({
  inputRef,
  onFiles,
  ...attributes
}: {
  inputRef: Ref<HTMLInputElement>;
  onFiles: (files: File[]) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-hidden' | 'tabIndex'> & { 'data-testid': string }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      multiple
      hidden
      {...attributes}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        onFiles(files);
      }}
    />
  );
}

export function PhotoPicker({
  files,
  onChange,
  label,
  max = 10,
  error,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** Default: "Photos". */
  label?: string;
  max?: number;
  /** A problem with the chosen photos (from a failed submit or the server). */
  error?: string | null;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState(0);
  const hintId = useId();
  const errorId = useId();
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL?.(f) ?? '' })), [files]);
  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL?.(p.url)), [previews]);
  const message = rejected > 0 ? t('components.photoPicker.onlyImages') : (error ?? null);

  return (
    <fieldset className="fieldset">
      <legend className="field__label">{label ?? t('components.photoPicker.label')}</legend>
      <p id={hintId} className="muted small">
        {t('components.photoPicker.hint', { max })}
      </p>
      {previews.length > 0 && (
        <ul className="photo-grid" aria-label={t('components.photoPicker.chosen')}>
          {previews.map((p, i) => (
            <li key={`${p.file.name}-${i}`}>
              {p.url ? (
                <img src={p.url} alt={t('components.photoPicker.alt', { number: i + 1, name: p.file.name })} />
              ) : (
                <span className="photo-placeholder" aria-hidden="true">
                  <Icon name="camera" size={24} />
                </span>
              )}
              <span className="photo-grid__caption">{p.file.name}</span>
              <button
                type="button"
                className="icon-button icon-button--small photo-grid__remove"
                aria-label={t('components.remove', { name: p.file.name })}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoFileInput
        inputRef={input}
        data-testid="photo-picker-input"
        onFiles={(chosen) => {
          const images = chosen.filter((f) => f.type.startsWith('image/'));
          setRejected(chosen.length - images.length);
          onChange([...files, ...images].slice(0, max));
        }}
      />
      <button
        type="button"
        className="button button--outlined"
        aria-describedby={`${hintId}${message ? ` ${errorId}` : ''}`}
        aria-invalid={error ? true : undefined}
        disabled={files.length >= max}
        onClick={() => input.current?.click()}
      >
        <Icon name="camera" size={18} /> {files.length ? t('components.photoPicker.addMore') : t('components.photoPicker.choose')}
      </button>
      <ErrorNote id={errorId}>{message}</ErrorNote>
    </fieldset>
  );
}
