/**
 * Toasts (SPEC §3): stacked, auto-dismissed after their timeout, dismissible by hand. A toast with
 * a way on (`action`: sign in) offers it as a button and stays until dismissed or taken, so a
 * keyboard or screen reader user has the time to reach it.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Confetti } from '../../components/Confetti';
import { Icon, type IconName } from '../../components/Icon';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { selectToasts, signInOpened, toastDismissed, type Toast } from '../../lib/ui';
import { useAppDispatch, useAppSelector } from '../hooks';
import './Toaster.css';

const ICONS: Record<Toast['type'], IconName> = { success: 'check', error: 'error', info: 'info', warning: 'warning' };

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const stays = toast.action !== undefined;
  useEffect(() => {
    if (stays) return;
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.timeoutMs, stays]);
  const badge = toast.payload?.badge;
  return (
    // The live region is the message, not the <li>: a list may only hold list items (axe `list`).
    <li className={`toast toast--${toast.type}`}>
      {badge && <Confetti />}
      <span className="toast__icon" aria-hidden="true">
        {badge?.icon_emoji ?? <Icon name={ICONS[toast.type]} size={20} />}
      </span>
      <span className="toast__message" role={toast.type === 'error' ? 'alert' : 'status'}>
        {toast.message}
        {badge && (
          <>
            {' '}
            <Link to={to.badges()} onClick={() => dispatch(toastDismissed(toast.id))}>
              {t('shell.toast.seeBadges')}
            </Link>
          </>
        )}
      </span>
      {toast.action === 'signIn' && (
        <button
          type="button"
          className="button button--text toast__action"
          onClick={() => {
            dispatch(toastDismissed(toast.id));
            dispatch(signInOpened('login'));
          }}
        >
          {t('shell.toast.signIn')}
        </button>
      )}
      <button type="button" className="icon-button icon-button--small" aria-label={t('shell.toast.dismiss')} onClick={() => dispatch(toastDismissed(toast.id))}>
        <Icon name="close" size={18} />
      </button>
    </li>
  );
}

export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const t = useT();
  // A labelled landmark (axe `region`: all content inside landmarks), present even when empty;
  // each toast is its own live region (status, or alert for errors).
  return (
    <section className="toaster" aria-label={t('shell.nav.notifications')}>
      <ol className="toaster__list stack-list" aria-label={t('shell.toast.messages')}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
