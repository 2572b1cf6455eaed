/**
 * Share a page: the system's share sheet where the browser has one (phones), else the link is
 * copied and a toast says so. Closing the share sheet is not a failure; a link that cannot be
 * copied is shown so it can be copied by hand.
 */
import { useAppDispatch } from '../app/hooks';
import { useT } from '../i18n';
import { logger } from '../lib/logger';
import { toastShown } from '../lib/ui';
import { Icon } from './Icon';

export function ShareButton({ path, title, className = 'button button--outlined' }: { path: string; title: string; className?: string }) {
  const t = useT();
  const dispatch = useAppDispatch();

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    const data = { title, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (e) {
        // The person closed the sheet: nothing to say. Any other failure falls back to copying.
        if (e instanceof DOMException && e.name === 'AbortError') return;
        logger.warn('Share sheet failed', { error: e });
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      dispatch(toastShown({ type: 'success', message: t('common.share.copied') }));
    } catch {
      dispatch(toastShown({ type: 'error', message: t('common.share.copyFailed', { url }) }));
    }
  };

  return (
    <button type="button" className={className} onClick={() => void share()}>
      <Icon name="share" size={18} /> {t('common.share.label')}
    </button>
  );
}
