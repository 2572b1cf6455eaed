import { Link, useParams } from 'react-router';
import { useProductName } from '../../api/configApi';
import { PageHeader } from '../../components/PageTitle';
import { EmptyPage, NotFound } from '../../components/NotFound';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { findPage } from './content';

export function PageDetailPage() {
  const { slug = '' } = useParams();
  const product = useProductName();
  const t = useT();
  const page = findPage(slug);
  if (!page) {
    return (
      <EmptyPage title={t('pages.notFound.title')}>
        <NotFound title={t('pages.notFound.heading')} back={{ to: to.pages(), label: t('pages.allPages') }} />
      </EmptyPage>
    );
  }
  return (
    <article className="page page--narrow">
      <PageHeader title={t(page.title)} />
      <div className="prose">{page.body(t, product)}</div>
      <p>
        <Link to={to.pages()}>{t('pages.allPages')}</Link>
      </p>
    </article>
  );
}
