/** One badge in a grid of badges: its emoji, title and description, then what the screen adds. */
import type { ReactNode } from 'react';
import type { AwardedBadge, CatalogueBadge } from '../../api/types';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/format';

export function BadgeCard({ badge, locked = false, children }: {
  badge: AwardedBadge | CatalogueBadge;
  locked?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className={`badge-card${locked ? ' badge-card--locked' : ''}`}>
      <span className="badge-card__emoji" aria-hidden="true">
        {badge.icon_emoji || '🏅'}
      </span>
      <h3 className="badge-card__title">{badge.title}</h3>
      {badge.description && <p className="badge-card__text small">{badge.description}</p>}
      {children}
    </li>
  );
}

/** "Earned 12 March 2025", when the date is known. */
export function EarnedOn({ at }: { at: string | undefined }) {
  const t = useT();
  const date = formatDate(at);
  if (!at || !date) return null;
  return <p className="badge-card__text muted small">{t('profile.badges.earnedOn', { date })}</p>;
}
