import { Link, useLocation } from 'react-router';
import { EmptyPage } from '../components/NotFound';
import { EmptyState } from '../components/states';
import { to } from '../config/routes';
import { useT } from '../i18n';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <EmptyPage title={t('shell.notFound.title')}>
      <EmptyState
        icon="map"
        title={t('shell.notFound.heading')}
        action={
          <div className="button-row button-row--center">
            <Link className="button button--filled" to={to.map()}>
              {t('shell.notFound.toMap')}
            </Link>
            <Link className="button button--outlined" to={to.search()}>
              {t('common.search')}
            </Link>
          </div>
        }
      >
        <p>{t.rich('shell.notFound.body', { path: <code>{pathname}</code> })}</p>
      </EmptyState>
    </EmptyPage>
  );
}
