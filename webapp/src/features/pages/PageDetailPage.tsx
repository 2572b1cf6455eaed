import { Link, useParams } from 'react-router';
import { useProductName } from '../../api/configApi';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';
import { findPage } from './content';

export function PageDetailPage() {
  const { slug = '' } = useParams();
  const product = useProductName();
  const page = findPage(slug);
  if (!page) {
    return (
      <div className="page page--narrow">
        <PageHeader title="Page not found" />
        <EmptyState
          title="There’s no page by that name"
          action={
            <Link className="button button--filled" to={to.pages()}>
              All pages
            </Link>
          }
        />
      </div>
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
