/** The screens that say there is nothing to show: a missing subject, and a page that is only that. */
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from './PageTitle';
import { EmptyState } from './states';

/**
 * Something the registry does not have (an artwork, an artist, a profile, a page): `title`, why
 * (`children`), and one filled link on, `back`, to where the visitor can go instead.
 */
export function NotFound({
  icon,
  title,
  back,
  children,
}: {
  icon?: ComponentProps<typeof EmptyState>['icon'];
  title: string;
  back: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Link className="button button--filled" to={back.to}>
          {back.label}
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}

/** A narrow page with its heading (`title`) and nothing but an empty state (`children`) under it. */
export function EmptyPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--narrow">
      <PageHeader title={title} />
      {children}
    </div>
  );
}
