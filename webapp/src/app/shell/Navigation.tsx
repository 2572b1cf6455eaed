/**
 * The shell's navigation (SPEC §2), one per layout (AppShell picks it): on wide screens the left
 * rail, holding everything; below, the bottom bar with its add button and the slide-in drawer.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router';
import { displayName, roleOf, selectUser } from '../../api/session';
import { useProductName } from '../../api/configApi';
import { ConfirmDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { LanguagePicker, ThemePicker } from '../../components/PreferencePickers';
import { to } from '../../config/routes';
import { AddArtworkButton } from '../../features/add/AddArtworkButton';
import { useUnreadCount } from '../../features/notifications/notificationsApi';
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
import { wordsOf } from '../../lib/tagGroups';
import { useAppDispatch, useAppSelector } from '../hooks';
import { adminEntries, formatUnreadBadge, isActive, mainEntries, type NavEntry } from '../navigation';
import { LOGOUT_CONFIRM, useSessionActions } from './useSessionActions';
import './Navigation.css';

function EntryLink({ entry, showLabel, onNavigate }: { entry: NavEntry; showLabel: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isActive(entry, pathname);
  return (
    <li>
      <NavLink
        to={entry.to}
        end={entry.to === '/'}
        className={`nav-item${active ? ' nav-item--active' : ''}`}
        aria-current={active ? 'page' : undefined}
        aria-label={showLabel ? undefined : entry.label}
        title={showLabel ? undefined : entry.label}
        onClick={onNavigate}
      >
        <Icon name={entry.icon} />
        {showLabel && <span className="nav-item__label">{entry.label}</span>}
      </NavLink>
    </li>
  );
}

function AdminSection({ showLabel, onNavigate }: { showLabel: boolean; onNavigate?: () => void }) {
  const user = useAppSelector(selectUser);
  const entries = adminEntries(user);
  if (entries.length === 0) return null;
  return (
    <section className="nav-section" aria-labelledby={showLabel ? undefined : undefined}>
      <h2 className={showLabel ? 'nav-section__title' : 'visually-hidden'}>Administration</h2>
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
  const text = formatUnreadBadge(count);
  return (
    <>
      {labelClass && (
        <span className={labelClass} aria-hidden="true">
          Notifications
        </span>
      )}
      <span className="visually-hidden">{text ? `Notifications, ${text} unread` : 'Notifications'}</span>
    </>
  );
}

function SessionFooter({ showLabel, onAction }: { showLabel: boolean; onAction?: () => void }) {
  const s = useSessionActions();
  const unread = useUnreadCount();
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
              title={showLabel ? undefined : 'Notifications'}
            >
              <span className="nav-item__icon">
                <Icon name="bell" />
                <UnreadBadge count={unread} />
              </span>
              <NotificationsName count={unread} labelClass={showLabel ? 'nav-item__label' : null} />
            </button>
          </li>
        )}
        <li>
          <button
            type="button"
            className="nav-item"
            onClick={run(s.openProfileOrLogin)}
            aria-label={showLabel ? undefined : s.signedIn ? 'Profile' : 'Login'}
            title={showLabel ? undefined : s.signedIn ? 'Profile' : 'Login'}
          >
            <Icon name={s.signedIn ? 'profile' : 'login'} />
            {showLabel && <span className="nav-item__label">{s.signedIn ? 'Profile' : 'Login'}</span>}
          </button>
        </li>
        {s.signedIn && (
          <li>
            <button
              type="button"
              className="nav-item"
              onClick={s.askLogout}
              aria-label={showLabel ? undefined : 'Logout'}
              title={showLabel ? undefined : 'Logout'}
            >
              <Icon name="logout" />
              {showLabel && <span className="nav-item__label">Logout</span>}
            </button>
          </li>
        )}
      </ul>
      <ConfirmDialog
        open={s.confirmingLogout}
        title="Sign out"
        message={LOGOUT_CONFIRM}
        confirmLabel="Sign out"
        onConfirm={() => void s.logout()}
        onCancel={s.cancelLogout}
      />
    </>
  );
}

/** The rail's theme choice: the picker when expanded; collapsed, a button that expands the rail to it. */
function RailTheme({ expanded }: { expanded: boolean }) {
  const dispatch = useAppDispatch();
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
      <li>
        <button type="button" className="nav-item" onClick={open} aria-label="Theme" title="Theme">
          <Icon name="palette" />
        </button>
      </li>
    </ul>
  );
}

export function NavRail() {
  const dispatch = useAppDispatch();
  const expanded = useAppSelector(selectRailExpanded);
  const product = useProductName();
  useEffect(() => {
    writeItem(STORAGE_KEYS.railExpanded, String(expanded));
  }, [expanded]);
  return (
    <nav className={`nav-rail${expanded ? ' nav-rail--expanded' : ''}`} aria-label="Main">
      <div className="nav-rail__top">
        <button
          type="button"
          className="icon-button"
          onClick={() => dispatch(railToggled())}
          aria-expanded={expanded}
          aria-label={expanded ? 'Collapse navigation' : 'Expand navigation'}
        >
          <Icon name={expanded ? 'chevronLeft' : 'menu'} />
        </button>
        {expanded && (
          <Link to={to.map()} className="brand">
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
      </ul>
      <AdminSection showLabel={expanded} />
      <div className="nav-rail__footer">
        <SessionFooter showLabel={expanded} />
        <ul className="nav-list">
          <li>
            <button
              type="button"
              className="nav-item"
              onClick={() => dispatch(feedbackOpened(undefined))}
              aria-label={expanded ? undefined : 'Send feedback'}
              title={expanded ? undefined : 'Send feedback'}
            >
              <Icon name="feedback" />
              {expanded && <span className="nav-item__label">Send feedback</span>}
            </button>
          </li>
          <li>
            <button
              type="button"
              className="nav-item"
              onClick={() => dispatch(dialogOpened('about'))}
              aria-label={expanded ? undefined : `About ${product}`}
              title={expanded ? undefined : `About ${product}`}
            >
              <Icon name="info" />
              {expanded && <span className="nav-item__label">About {product}</span>}
            </button>
          </li>
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
  // Two sides of equal width around the add button, so it stays centred whatever each side holds.
  return (
    <nav className="bottom-bar" aria-label="Quick actions">
      <div className="bottom-bar__side">
        <button
          type="button"
          className="bottom-bar__item"
          onClick={() => dispatch(drawerToggled(true))}
          aria-label="Open menu"
          aria-haspopup="dialog"
        >
          <Icon name="menu" />
          <span className="bottom-bar__label">Menu</span>
        </button>
        <button type="button" className="bottom-bar__item" onClick={() => dispatch(feedbackOpened(undefined))} aria-label="Send feedback">
          <Icon name="feedback" />
          <span className="bottom-bar__label">Feedback</span>
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
          aria-label="Map"
        >
          <Icon name="map" />
          <span className="bottom-bar__label">Map</span>
        </Link>
        <button
          type="button"
          className="bottom-bar__item"
          onClick={s.openProfileOrLogin}
          aria-label={s.signedIn ? 'Profile' : 'Login'}
        >
          <Icon name={s.signedIn ? 'profile' : 'login'} />
          <span className="bottom-bar__label">{s.signedIn ? 'Profile' : 'Login'}</span>
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
      <div ref={panel} className="drawer__panel" role="dialog" aria-modal="true" aria-label="Menu">
        <header className="drawer__header">
          <span className="brand">{product}</span>
          <button type="button" className="icon-button" onClick={close} aria-label="Close menu">
            <Icon name="close" />
          </button>
        </header>
        {user && (
          <p className="drawer__user">
            <span>{displayName(user)}</span>
            <span className="chip chip--small">{wordsOf(roleOf(user))}</span>
          </p>
        )}
        <nav aria-label="Menu">
          <ul className="nav-list">
            {mainEntries('drawer').map((e) => (
              <EntryLink key={e.id} entry={e} showLabel onNavigate={close} />
            ))}
          </ul>
          <AdminSection showLabel onNavigate={close} />
        </nav>
        <div className="drawer__footer">
          <SessionFooter showLabel onAction={close} />
          <ul className="nav-list">
            <li>
              <button type="button" className="nav-item" onClick={() => dispatch(dialogOpened('about'))}>
                <Icon name="info" />
                <span className="nav-item__label">About {product}</span>
              </button>
            </li>
          </ul>
          <ThemePicker />
          <LanguagePicker />
        </div>
      </div>
    </div>
  );
}
