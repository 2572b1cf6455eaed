/** Choose image files (only images are accepted) and see them before sending. */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Icon } from './Icon';

export function PhotoPicker({
  files,
  onChange,
  label = 'Photos',
  max = 10,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  label?: string;
  max?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState(0);
  const hintId = useId();
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL?.(f) ?? '' })), [files]);
  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL?.(p.url)), [previews]);

  return (
    <fieldset className="fieldset">
      <legend className="field__label">{label}</legend>
      <p id={hintId} className="muted small">
        Images only, up to {max}.
      </p>
      {previews.length > 0 && (
        <ul className="photo-grid">
          {previews.map((p, i) => (
            <li key={`${p.file.name}-${i}`}>
              {p.url && <img src={p.url} alt={p.file.name} />}
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
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          const images = chosen.filter((f) => f.type.startsWith('image/'));
          setRejected(chosen.length - images.length);
          onChange([...files, ...images].slice(0, max));
          e.target.value = '';
        }}
      />
      <button type="button" className="button button--outlined" aria-describedby={hintId} onClick={() => input.current?.click()}>
        <Icon name="camera" size={18} /> {files.length ? 'Add more photos' : 'Choose photos'}
      </button>
      {rejected > 0 && (
        <p className="field__error" role="alert">
          Only image files can be added.
        </p>
      )}
    </fieldset>
  );
}
