import { Link, useParams } from 'react-router';
import { useProductName } from '../../api/configApi';
import { PageHeader } from '../../components/PageTitle';
import { EmptyPage, NotFound } from '../../components/NotFound';
import { to } from '../../config/routes';
import { findPage } from './content';

export function PageDetailPage() {
  const { slug = '' } = useParams();
  const product = useProductName();
  const page = findPage(slug);
  if (!page) {
    return (
      <EmptyPage title="Page not found">
        <NotFound title="There’s no page by that name" back={{ to: to.pages(), label: 'All pages' }} />
      </EmptyPage>
    );
  }
  return (
    <article className="page page--narrow">
      <PageHeader title={page.title} />
      <div className="prose">{page.body(product)}</div>
      <p>
        <Link to={to.pages()}>All pages</Link>
      </p>
    </article>
  );
}
