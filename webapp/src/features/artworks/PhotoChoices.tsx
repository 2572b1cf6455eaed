/**
 * The edit page's photos: which one is shown first (the main photo) and which are hidden from
 * everyone. A shown photo can be made the main one or hidden (hiding the main photo unsets it); a
 * hidden one has no image to show (it is served to no one), only a way to show it again.
 */
import type { PhotoDto } from '../../api/types';
import { PhotoImage } from '../../components/PhotoImage';
import { FieldError } from '../../components/SubmissionParts';
import { useT } from '../../i18n';
import { shortKey } from '../../lib/fieldText';
import { withHidden, type PhotoValues } from './editModel';

export function PhotoChoices({
  id,
  photos,
  hiddenPhotos,
  value,
  onChange,
  mainError,
  hiddenError,
}: {
  /** The fieldset's id; its errors are `${id}-main-error` and `${id}-hidden-error`. */
  id: string;
  /** The photos shown, as loaded (the main one first). */
  photos: readonly PhotoDto[];
  /** The keys of the photos hidden, as loaded. */
  hiddenPhotos: readonly string[];
  value: PhotoValues;
  onChange: (value: PhotoValues) => void;
  mainError?: string | undefined;
  hiddenError?: string | undefined;
}) {
  const t = useT();
  if (photos.length === 0 && hiddenPhotos.length === 0) return null;
  const describedBy = [`${id}-hint`, mainError && `${id}-main-error`, hiddenError && `${id}-hidden-error`].filter(Boolean).join(' ');
  const isHidden = (key: string) => value.hidden_photos.includes(key);

  return (
    <fieldset id={id} className="fieldset" aria-describedby={describedBy}>
      <legend className="field__label">{t('artworks.photos.legend')}</legend>
      <p id={`${id}-hint`} className="muted small">
        {t('artworks.photos.hint')}
      </p>
      <ul className="photo-choices">
        {photos.map((p, i) => {
          const hidden = isHidden(p.key);
          const main = value.main_photo === p.key;
          const label = t('artworks.photos.label', { n: i + 1, total: photos.length });
          return (
            <li key={p.key}>
              <div
                role="group"
                aria-label={label}
                className={`photo-choice${main ? ' photo-choice--main' : ''}${hidden ? ' photo-choice--hidden' : ''}`}
              >
                <PhotoImage photo={p} size="thumbnail" alt={label} className="photo-choice__image" />
                {hidden && <span className="photo-choice__state">{t('artworks.photos.willHide')}</span>}
                <button
                  type="button"
                  className="button button--small button--outlined photo-choice__button"
                  aria-pressed={main}
                  disabled={hidden}
                  onClick={() => onChange({ ...value, main_photo: main ? null : p.key })}
                >
                  {main ? t('artworks.photos.main') : t('artworks.photos.makeMain')}
                </button>
                <button
                  type="button"
                  className="button button--small button--text photo-choice__button"
                  aria-pressed={hidden}
                  onClick={() => onChange(withHidden(value, p.key, !hidden))}
                >
                  {t('artworks.photos.hide')}
                </button>
              </div>
            </li>
          );
        })}
        {hiddenPhotos.map((key) => {
          const showing = !isHidden(key);
          return (
            <li key={key}>
              <div
                role="group"
                aria-label={t('artworks.photos.hiddenLabel', { key: shortKey(key) })}
                className={`photo-choice photo-choice--hidden${showing ? ' photo-choice--showing' : ''}`}
              >
                {/* No image: a hidden photo is served to no one. The group's name says what this is. */}
                <span className="photo-choice__placeholder" aria-hidden="true">
                  {t('artworks.photos.hidden')}
                  <span className="photo-choice__key">{shortKey(key)}</span>
                </span>
                {showing && <span className="photo-choice__state">{t('artworks.photos.willShow')}</span>}
                <button
                  type="button"
                  className="button button--small button--text photo-choice__button"
                  aria-pressed={showing}
                  onClick={() => onChange(withHidden(value, key, showing))}
                >
                  {t('artworks.photos.showAgain')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-main`} message={mainError} alert={false} />
      <FieldError id={`${id}-hidden`} message={hiddenError} alert={false} />
    </fieldset>
  );
}
