import { PageHeader } from '../../components/PageTitle';
import { RowLink } from '../../components/RowLink';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { PAGE_GROUPS, PAGES, type PageGroup } from './content';

export function PagesListPage() {
  const t = useT();
  const groups = Object.keys(PAGE_GROUPS) as PageGroup[];
  return (
    <div className="page page--narrow">
      <PageHeader title={t('pages.list.title')} subtitle={t('pages.list.subtitle')} />
      {groups.map((g) => (
        <section key={g} className="section">
          <h2 className="section__title">{t(PAGE_GROUPS[g])}</h2>
          <ul className="row-list">
            {PAGES.filter((p) => p.group === g).map((p) => (
              <RowLink key={p.slug} to={to.page(p.slug)} title={t(p.title)} meta={t(p.summary)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
