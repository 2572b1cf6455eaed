import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
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
              <li key={p.slug} className="row-list__item">
                <Link className="row-list__link" to={to.page(p.slug)}>
                  <span className="row-list__text">
                    <span className="row-list__title">{p.title}</span>
                    <span className="row-list__meta">{p.summary}</span>
                  </span>
                  <Icon name="chevronRight" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
