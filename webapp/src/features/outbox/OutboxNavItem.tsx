/**
 * The Outbox in the shell's navigation, once it holds anything: a link with the number still to
 * send as a badge (none when all are sent), named in full for assistive technology ("Outbox, 2 to
 * send"); and, on phones, a dot on the menu button that opens it.
 *
 * The number is what the person signed in now will send: the badge asks for nothing about items
 * that wait for another account (they could do nothing but discard them), and it says the same
 * as the Outbox's "To send" heading. The entry itself stays while the Outbox shows anything,
 * another account's unsent items included, so the Outbox and its Discard are always within reach
 * (receipts not shown to whoever is signed in now do not keep it).
 */
import { NavLink } from 'react-router';
import { Icon } from '../../components/Icon';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { shownTo, unsentCount, useOutbox } from '../../lib/outbox';

/** A count as a badge shows it. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** Items the Outbox shows now, and how many of them are not sent yet and the person signed in now may send. */
export function useOutboxCounts(): { total: number; unsent: number } {
  const { items, session } = useOutbox();
  return { total: items.filter((i) => shownTo(i, session)).length, unsent: unsentCount(items, session) };
}

/** The entry (an `li`), shown while the Outbox holds anything; `showLabel` as the other entries'. */
export function OutboxNavItem({ showLabel, onNavigate }: { showLabel: boolean; onNavigate?: () => void }) {
  const t = useT();
  const { total, unsent } = useOutboxCounts();
  if (total === 0) return null;
  const label = t('shell.nav.outbox');
  const name = unsent > 0 ? t('shell.nav.outboxWaiting', { count: badgeText(unsent) }) : label;
  return (
    <li>
      <NavLink
        to={to.outbox()}
        className={({ isActive }) => `nav-item${isActive ? ' nav-item--active' : ''}`}
        title={showLabel ? undefined : name}
        onClick={onNavigate}
        data-testid="outbox-nav"
      >
        <span className="nav-item__icon">
          <Icon name="outbox" />
          {unsent > 0 && (
            <span className="badge" aria-hidden="true">
              {badgeText(unsent)}
            </span>
          )}
        </span>
        {showLabel && (
          <span className="nav-item__label" aria-hidden="true">
            {label}
          </span>
        )}
        <span className="visually-hidden">{name}</span>
      </NavLink>
    </li>
  );
}

/**
 * On a button that opens the menu holding the entry, while something waits: a dot (the number is
 * on the entry itself; a number here would be text the button's name lacks), and its words for
 * the button's `aria-describedby` (`id`).
 */
export function OutboxMenuBadge({ id }: { id: string }) {
  const t = useT();
  const { unsent } = useOutboxCounts();
  if (unsent === 0) return null;
  return (
    <>
      <span className="badge badge--dot" aria-hidden="true" data-testid="outbox-menu-dot" />
      <span id={id} className="visually-hidden">
        {t('shell.nav.outboxWaiting', { count: badgeText(unsent) })}
      </span>
    </>
  );
}
