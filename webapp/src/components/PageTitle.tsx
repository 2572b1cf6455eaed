/** Page titles of the form '{Page} - {product}' (SPEC §2). */
import { useEffect, type ReactNode } from 'react';
import { useProductName } from '../api/configApi';

export function formatTitle(page: string, product: string): string {
  return page ? `${page} - ${product}` : product;
}

export function usePageTitle(page: string): void {
  const product = useProductName();
  useEffect(() => {
    document.title = formatTitle(page, product);
  }, [page, product]);
}

/** The document title alone, for a screen whose heading is its content's (a loading or missing state). */
export function DocumentTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

/** The page's visible heading and its document title in one. */
export function PageHeader({
  title,
  documentTitle,
  subtitle,
  actions,
}: {
  title: string;
  documentTitle?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  usePageTitle(documentTitle ?? title);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title" tabIndex={-1}>
          {title}
        </h1>
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
