import { PageHeader } from '../../components/PageTitle';
import { RowLink } from '../../components/RowLink';
import { to } from '../../config/routes';
import { PAGES } from './content';

export function PagesListPage() {
  const groups = ['Tutorials', 'Policies'] as const;
  return (
    <div className="page page--narrow">
      <PageHeader title="Pages" subtitle="Guides and policies" />
      {groups.map((g) => (
        <section key={g} className="section">
          <h2 className="section__title">{g}</h2>
          <ul className="row-list">
            {PAGES.filter((p) => p.group === g).map((p) => (
              <RowLink key={p.slug} to={to.page(p.slug)} title={p.title} meta={p.summary} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
