/** The welcome dialog (first visit) and the About dialog: what Plinth is for. */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useProductName } from '../../api/configApi';
import { Dialog } from '../../components/Dialog';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { dialogClosed, dialogOpened, selectDialog } from '../../lib/ui';
import { useAppDispatch, useAppSelector } from '../hooks';
import { scheduleWelcome } from './welcome';
import './AboutDialogs.css';

/** The Dialog's `open` and `onClose` for the shell's dialog `name`: open while the store says so. */
function useShellDialog(name: 'welcome' | 'about') {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDialog) === name;
  return { open, onClose: () => dispatch(dialogClosed()) };
}

export function WelcomeDialog() {
  const dispatch = useAppDispatch();
  const dialog = useShellDialog('welcome');
  const product = useProductName();
  const t = useT();

  useEffect(() => scheduleWelcome(() => dispatch(dialogOpened('welcome'))), [dispatch]);

  const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <Dialog
      {...dialog}
      title={t('shell.welcome.title', { product })}
      actions={
        <>
          <button type="button" className="button button--text" onClick={() => dispatch(dialogOpened('about'))}>
            {t('shell.welcome.learnMore')}
          </button>
          <button type="button" className="button button--filled" onClick={dialog.onClose}>
            {t('shell.welcome.start')}
          </button>
        </>
      }
    >
      <p>{t('shell.welcome.intro', { product })}</p>
      <ul className="welcome-list">
        <li>{t.rich('shell.welcome.explore', { b: strong })}</li>
        <li>{t.rich('shell.welcome.add', { b: strong })}</li>
        <li>{t.rich('shell.welcome.noAccount', { b: strong })}</li>
      </ul>
    </Dialog>
  );
}

export function AboutDialog() {
  const dialog = useShellDialog('about');
  const close = dialog.onClose;
  const product = useProductName();
  const t = useT();
  return (
    <Dialog
      {...dialog}
      title={t('shell.about.title', { product })}
      actions={
        <button type="button" className="button button--filled" onClick={close}>
          {t('common.close')}
        </button>
      }
    >
      <p>{t('shell.about.why', { product })}</p>
      <p>{t('shell.about.how')}</p>
      <p>
        {t.rich('shell.about.read', {
          terms: (chunks) => (
            <Link to={to.page('terms-of-service')} onClick={close}>
              {chunks}
            </Link>
          ),
          privacy: (chunks) => (
            <Link to={to.page('privacy-policy')} onClick={close}>
              {chunks}
            </Link>
          ),
          help: (chunks) => (
            <Link to={to.help()} onClick={close}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </Dialog>
  );
}
