/** A row of a `.row-list` that leads somewhere: an optional mark before it, a title, a line of details and a chevron. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './Icon';

export function RowLink({ to, title, meta, before }: { to: string; title: ReactNode; meta?: ReactNode; before?: ReactNode }) {
  return (
    <li className="row-list__item">
      <Link to={to} className="row-list__link">
        {before}
        <span className="row-list__text">
          <span className="row-list__title">{title}</span>
          <span className="row-list__meta">{meta}</span>
        </span>
        <Icon name="chevronRight" />
      </Link>
    </li>
  );
}
