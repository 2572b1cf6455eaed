/**
 * The shell's navigation (SPEC §2), one per layout (AppShell picks it): on wide screens the left
 * rail, holding everything; below, the bottom bar with its add button and the slide-in drawer.
 * The Outbox's entry shows while it holds anything (on phones, a dot on the menu button says something waits there).
 */
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router';
import { displayName, roleOf, selectUser, type Role } from '../../api/session';
import { useProductName } from '../../api/configApi';
import { BrandLogo } from '../../components/BrandLogo';
import { ConfirmDialog } from '../../components/Dialog';
import { Icon, type IconName } from '../../components/Icon';
import { LanguagePicker, ThemePicker } from '../../components/PreferencePickers';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { AddArtworkButton } from '../../features/add/AddArtworkButton';
import { useUnreadCount } from '../../features/notifications/notificationsApi';
import { OutboxMenuBadge, OutboxNavItem, useOutboxCounts } from '../../features/outbox/OutboxNavItem';
import {
  dialogOpened,
  drawerToggled,
  feedbackOpened,
  railToggled,
  selectDrawerOpen,
  selectRailExpanded,
} from '../../lib/ui';
import { STORAGE_KEYS } from '../../config/constants';
import { writeItem } from '../../lib/storage';
import { useAppDispatch, useAppSelector } from '../hooks';
import { adminEntries, formatUnreadBadge, isActive, mainEntries, type NavEntry } from '../navigation';
import { useSessionActions } from './useSessionActions';
import './Navigation.css';

/** The role chip under the user's name in the drawer. */
const ROLE_LABELS: Record<Role, MessageKey> = {
  admin: 'shell.role.admin',
  moderator: 'shell.role.moderator',
  user: 'shell.role.user',
};

function EntryLink({ entry, showLabel, onNavigate }: { entry: NavEntry; showLabel: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const t = useT();
  const active = isActive(entry, pathname);
  const label = t(entry.label);
  return (
    <li>
      <NavLink
        to={entry.to}
        end={entry.to === '/'}
        className={`nav-item${active ? ' nav-item--active' : ''}`}
        aria-current={active ? 'page' : undefined}
        aria-label={showLabel ? undefined : label}
        title={showLabel ? undefined : label}
        onClick={onNavigate}
      >
        <Icon name={entry.icon} />
        {showLabel && <span className="nav-item__label">{label}</span>}
      </NavLink>
    </li>
  );
}

/**
 * A nav item that acts rather than goes somewhere: its icon, and its label shown (`showLabel`) or,
 * when not, the button named by it and its tooltip saying it, as an entry's link does.
 */
function NavButton({
  icon,
  label,
  showLabel,
  onClick,
}: {
  icon: IconName;
  label: string;
  showLabel: boolean;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <li>
      <button type="button" className="nav-item" onClick={onClick} aria-label={showLabel ? undefined : label} title={showLabel ? undefined : label}>
        <Icon name={icon} />
        {showLabel && <span className="nav-item__label">{label}</span>}
      </button>
    </li>
  );
}

function AdminSection({ showLabel, onNavigate }: { showLabel: boolean; onNavigate?: () => void }) {
  const user = useAppSelector(selectUser);
  const t = useT();
  const entries = adminEntries(user);
  if (entries.length === 0) return null;
  return (
    <section className="nav-section" aria-labelledby={showLabel ? undefined : undefined}>
      <h2 className={showLabel ? 'nav-section__title' : 'visually-hidden'}>{t('shell.nav.administration')}</h2>
      <ul className="nav-list">
        {entries.map((e) => (
          <EntryLink key={e.id} entry={e} showLabel={showLabel} onNavigate={onNavigate} />
        ))}
      </ul>
    </section>
  );
}

function UnreadBadge({ count }: { count: number }) {
  const text = formatUnreadBadge(count);
  if (!text) return null;
  return (
    <span className="badge" aria-hidden="true">
      {text}
    </span>
  );
}

/**
 * The notifications button's name, "Notifications" or "Notifications, 3 unread", from its
 * content rather than an aria-label, so it holds all the button's visible text (axe
 * `label-content-name-mismatch`: the badge's "3" is visible). The name is said once, in hidden
 * text; the visible label and badge are hidden from assistive technology. `labelClass`: the
 * visible label's class, none when only the icon shows.
 */
function NotificationsName({ count, labelClass }: { count: number; labelClass: string | null }) {
  const t = useT();
  const text = formatUnreadBadge(count);
  return (
    <>
      {labelClass && (
        <span className={labelClass} aria-hidden="true">
          {t('shell.nav.notifications')}
        </span>
      )}
      <span className="visually-hidden">
        {text ? t('shell.nav.notificationsUnread', { count: text }) : t('shell.nav.notifications')}
      </span>
    </>
  );
}

function SessionFooter({ showLabel, onAction }: { showLabel: boolean; onAction?: () => void }) {
  const s = useSessionActions();
  const unread = useUnreadCount();
  const t = useT();
  const profileLabel = s.signedIn ? t('shell.nav.profile') : t('shell.nav.login');
  const run = (f: () => void) => () => {
    onAction?.();
    f();
  };
  return (
    <>
      <ul className="nav-list">
        {s.signedIn && (
          <li>
            <button
              type="button"
              className="nav-item"
              onClick={run(s.openNotifications)}
              title={showLabel ? undefined : t('shell.nav.notifications')}
            >
              <span className="nav-item__icon">
                <Icon name="bell" />
                <UnreadBadge count={unread} />
              </span>
              <NotificationsName count={unread} labelClass={showLabel ? 'nav-item__label' : null} />
            </button>
          </li>
        )}
        <NavButton icon={s.signedIn ? 'profile' : 'login'} label={profileLabel} showLabel={showLabel} onClick={run(s.openProfileOrLogin)} />
        {s.signedIn && <NavButton icon="logout" label={t('shell.nav.logout')} showLabel={showLabel} onClick={s.askLogout} />}
      </ul>
      <ConfirmDialog
        open={s.confirmingLogout}
        title={t('shell.signOut.title')}
        message={t('shell.signOut.confirm')}
        confirmLabel={t('shell.signOut.title')}
        onConfirm={() => void s.logout()}
        onCancel={s.cancelLogout}
      />
    </>
  );
}

/** The rail's theme choice: the picker when expanded; collapsed, a button that expands the rail to it. */
function RailTheme({ expanded }: { expanded: boolean }) {
  const dispatch = useAppDispatch();
  const t = useT();
  if (expanded) {
    return (
      <div className="nav-rail__theme">
        <ThemePicker />
        <LanguagePicker />
      </div>
    );
  }
  const open = (e: MouseEvent<HTMLButtonElement>) => {
    const rail = e.currentTarget.closest('nav');
    flushSync(() => dispatch(railToggled()));
    rail?.querySelector<HTMLSelectElement>('.nav-rail__theme select')?.focus();
  };
  return (
    <ul className="nav-list">
      <NavButton icon="palette" label={t('shell.nav.theme')} showLabel={false} onClick={open} />
    </ul>
  );
}

export function NavRail() {
  const dispatch = useAppDispatch();
  const expanded = useAppSelector(selectRailExpanded);
  const product = useProductName();
  const t = useT();
  const about = t('shell.about.title', { product });
  useEffect(() => {
    writeItem(STORAGE_KEYS.railExpanded, String(expanded));
  }, [expanded]);
  return (
    <nav className={`nav-rail${expanded ? ' nav-rail--expanded' : ''}`} aria-label={t('shell.nav.main')}>
      <div className="nav-rail__top">
        <button
          type="button"
          className="icon-button"
          onClick={() => dispatch(railToggled())}
          aria-expanded={expanded}
          aria-label={expanded ? t('shell.nav.collapse') : t('shell.nav.expand')}
        >
          <Icon name={expanded ? 'chevronLeft' : 'menu'} />
        </button>
        {expanded && (
          <Link to={to.map()} className="brand">
            <BrandLogo />
            {product}
          </Link>
        )}
      </div>
      <div className="nav-rail__add">
        <AddArtworkButton className={`fab${expanded ? ' fab--extended' : ''}`} showLabel={expanded} />
      </div>
      <ul className="nav-list">
        {mainEntries('rail').map((e) => (
          <EntryLink key={e.id} entry={e} showLabel={expanded} />
        ))}
        <OutboxNavItem showLabel={expanded} />
      </ul>
      <AdminSection showLabel={expanded} />
      <div className="nav-rail__footer">
        <SessionFooter showLabel={expanded} />
        <ul className="nav-list">
          <NavButton icon="feedback" label={t('shell.nav.sendFeedback')} showLabel={expanded} onClick={() => dispatch(feedbackOpened(undefined))} />
          <NavButton icon="info" label={about} showLabel={expanded} onClick={() => dispatch(dialogOpened('about'))} />
        </ul>
        <RailTheme expanded={expanded} />
      </div>
    </nav>
  );
}

export function BottomBar() {
  const dispatch = useAppDispatch();
  const s = useSessionActions();
  const unread = useUnreadCount();
  const { pathname } = useLocation();
  const t = useT();
  const profileLabel = s.signedIn ? t('shell.nav.profile') : t('shell.nav.login');
  // The menu holds the Outbox: while something waits there, its button says so.
  const outboxId = useId();
  const { unsent } = useOutboxCounts();
  // Two sides of equal width around the add button, so it stays centred whatever each side holds.
  return (
    <nav className="bottom-bar" aria-label={t('shell.nav.quickActions')}>
      <div className="bottom-bar__side">
        <button
          type="button"
          className="bottom-bar__item"
          onClick={() => dispatch(drawerToggled(true))}
          aria-label={t('shell.nav.openMenu')}
          aria-describedby={unsent > 0 ? outboxId : undefined}
          aria-haspopup="dialog"
        >
          <span className="nav-item__icon">
            <Icon name="menu" />
            <OutboxMenuBadge id={outboxId} />
          </span>
          <span className="bottom-bar__label">{t('shell.nav.menu')}</span>
        </button>
        <button type="button" className="bottom-bar__item" onClick={() => dispatch(feedbackOpened(undefined))} aria-label={t('shell.nav.sendFeedback')}>
          <Icon name="feedback" />
          <span className="bottom-bar__label">{t('shell.nav.feedback')}</span>
        </button>
      </div>
      <AddArtworkButton />
      <div className="bottom-bar__side">
        {s.signedIn && (
          <button type="button" className="bottom-bar__item" onClick={s.openNotifications}>
            <span className="nav-item__icon">
              <Icon name="bell" />
              <UnreadBadge count={unread} />
            </span>
            <NotificationsName count={unread} labelClass="bottom-bar__label" />
          </button>
        )}
        <Link
          to={to.map()}
          className={`bottom-bar__item${pathname === '/' ? ' bottom-bar__item--active' : ''}`}
          aria-current={pathname === '/' ? 'page' : undefined}
          aria-label={t('shell.nav.map')}
        >
          <Icon name="map" />
          <span className="bottom-bar__label">{t('shell.nav.map')}</span>
        </Link>
        <button
          type="button"
          className="bottom-bar__item"
          onClick={s.openProfileOrLogin}
          aria-label={profileLabel}
        >
          <Icon name={s.signedIn ? 'profile' : 'login'} />
          <span className="bottom-bar__label">{profileLabel}</span>
        </button>
      </div>
    </nav>
  );
}

export function Drawer() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDrawerOpen);
  const user = useAppSelector(selectUser);
  const product = useProductName();
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  const close = () => dispatch(drawerToggled(false));

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dispatch(drawerToggled(false));
      if (e.key === 'Tab' && panel.current) {
        const items = Array.from(panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), select'));
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open, dispatch]);

  if (!open) return null;
  return (
    <div className="drawer" role="presentation">
      <div className="drawer__scrim" onClick={close} aria-hidden="true" />
      <div ref={panel} className="drawer__panel" role="dialog" aria-modal="true" aria-label={t('shell.nav.menu')}>
        <header className="drawer__header">
          <span className="brand">
            <BrandLogo />
            {product}
          </span>
          <button type="button" className="icon-button" onClick={close} aria-label={t('shell.nav.closeMenu')}>
            <Icon name="close" />
          </button>
        </header>
        {user && (
          <p className="drawer__user">
            <span>{displayName(user)}</span>
            <span className="chip chip--small">{t(ROLE_LABELS[roleOf(user)])}</span>
          </p>
        )}
        <nav aria-label={t('shell.nav.menu')}>
          <ul className="nav-list">
            {mainEntries('drawer').map((e) => (
              <EntryLink key={e.id} entry={e} showLabel onNavigate={close} />
            ))}
            <OutboxNavItem showLabel onNavigate={close} />
          </ul>
          <AdminSection showLabel onNavigate={close} />
        </nav>
        <div className="drawer__footer">
          <SessionFooter showLabel onAction={close} />
          <ul className="nav-list">
            <NavButton icon="info" label={t('shell.about.title', { product })} showLabel onClick={() => dispatch(dialogOpened('about'))} />
          </ul>
          <ThemePicker />
          <LanguagePicker />
        </div>
      </div>
    </div>
  );
}
