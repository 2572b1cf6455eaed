/**
 * The add button, the bottom bar's large "+" on phones and the rail's first action on wide
 * screens: choose photos, read their locations, then go to the photo search (located) or /add
 * (not located). Pressing it again after use starts afresh.
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { PhotoFileInput } from '../../components/PhotoPicker';
import { useT } from '../../i18n';
import { clearFastUpload, getFastUpload, isImageFile, nextPathFor, startFastUpload } from '../../lib/fastUpload';
import { toastShown } from '../../lib/ui';

export function AddArtworkButton({ className = 'fab bottom-bar__add', showLabel = false }: { className?: string; showLabel?: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const onPress = () => {
    if (getFastUpload()) clearFastUpload();
    input.current?.click();
  };

  const onChosen = async (files: File[]) => {
    if (files.length === 0) return;
    const rejected = files.filter((f) => !isImageFile(f)).length;
    if (rejected > 0) {
      dispatch(toastShown({ type: 'warning', message: t('add.notImage') }));
    }
    if (rejected === files.length) return;
    const session = await startFastUpload(files);
    void navigate(nextPathFor(session));
  };

  return (
    <>
      <button type="button" className={className} onClick={onPress} aria-label={showLabel ? undefined : t('add.button.label')}>
        <Icon name="add" size={showLabel ? 24 : 30} />
        {showLabel && <span>{t('add.button.label')}</span>}
      </button>
      <PhotoFileInput inputRef={input} aria-hidden="true" tabIndex={-1} onFiles={(files) => void onChosen(files)} data-testid="add-artwork-input" />
    </>
  );
}
