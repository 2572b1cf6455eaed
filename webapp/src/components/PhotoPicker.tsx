/** Choose image files (only images are accepted) and see them before sending; remove any. */
import { useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
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
  label = 'Photos',
  max = 10,
  error,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  label?: string;
  max?: number;
  /** A problem with the chosen photos (from a failed submit or the server). */
  error?: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState(0);
  const hintId = useId();
  const errorId = useId();
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL?.(f) ?? '' })), [files]);
  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL?.(p.url)), [previews]);
  const message = rejected > 0 ? 'Only image files can be added.' : (error ?? null);

  return (
    <fieldset className="fieldset">
      <legend className="field__label">{label}</legend>
      <p id={hintId} className="muted small">
        JPEG, PNG or WebP images, up to {max}, each at most 15 MB.
      </p>
      {previews.length > 0 && (
        <ul className="photo-grid" aria-label="Chosen photos">
          {previews.map((p, i) => (
            <li key={`${p.file.name}-${i}`}>
              {p.url ? (
                <img src={p.url} alt={`Photo ${i + 1}: ${p.file.name}`} />
              ) : (
                <span className="photo-placeholder" aria-hidden="true">
                  <Icon name="camera" size={24} />
                </span>
              )}
              <span className="photo-grid__caption">{p.file.name}</span>
              <button
                type="button"
                className="icon-button icon-button--small photo-grid__remove"
                aria-label={`Remove ${p.file.name}`}
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
        <Icon name="camera" size={18} /> {files.length ? 'Add more photos' : 'Choose photos'}
      </button>
      <ErrorNote id={errorId}>{message}</ErrorNote>
    </fieldset>
  );
}
