/**
 * The frame around every screen (SPEC §2): skip link, one navigation per layout (the rail on wide
 * screens; the bottom bar and the drawer below), main content, dialogs, toasts and the live
 * announcer. It also moves focus to each new page's heading, logs
 * the guards' query flags, celebrates new badges with a toast, runs the Outbox's sender and says
 * when a sign-in has ended (with a way to sign in again).
 */
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBrand } from '../../api/configApi';
import { LiveAnnouncer } from '../../components/LiveAnnouncer';
import { SignInDialog } from '../../features/auth/SignInDialog';
import { FeedbackDialog } from '../../features/feedback/FeedbackDialog';
import { useBadgeToasts } from '../../features/notifications/useBadgeToasts';
import { useOutboxSender } from '../../features/outbox/useOutboxSender';
import { BREAKPOINTS } from '../../config/constants';
import { useT } from '../../i18n';
import { announce } from '../../lib/announcer';
import { applyBrandColor } from '../../lib/brand';
import { useMediaQuery } from '../../lib/hooks';
import { logger } from '../../lib/logger';
import { drawerToggled } from '../../lib/ui';
import { useAppDispatch } from '../hooks';
import { AboutDialog, WelcomeDialog } from './AboutDialogs';
import { BottomBar, Drawer, NavRail } from './Navigation';
import { Toaster } from './Toaster';
import { useSessionEnded } from './useSessionEnded';
// The map is the first screen: its styles load with the shell, not with the lazy MapPage chunk.
import '../../features/map/map.css';

/** The flags guards put on `/` are only logged (SPEC §6). */
export function logGuardFlags(search: string): void {
  const p = new URLSearchParams(search);
  const login = p.get('login');
  const error = p.get('error');
  if (login === 'required') logger.info('Sign-in required for the requested page', { redirect: p.get('redirect') });
  if (error === 'moderator_required' || error === 'reviewer_required' || error === 'admin_required') {
    logger.info('Access denied by route guard', { error });
  }
}

function useRouteFocus() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      const main = document.getElementById('main-content');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else {
        main?.focus({ preventScroll: true });
      }
      announce(document.title);
    };
    const observer = new MutationObserver(settle);
    const titleEl = document.querySelector('title');
    if (titleEl) observer.observe(titleEl, { childList: true, characterData: true, subtree: true });
    const timer = setTimeout(settle, 1000);
    return () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [location.pathname]);
}

export function AppShell() {
  const location = useLocation();
  const t = useT();
  useRouteFocus();
  useBadgeToasts();
  useOutboxSender();
  useSessionEnded();
  useEffect(() => {
    logGuardFlags(location.search);
  }, [location.search]);
  const brandColor = useBrand().color;
  useEffect(() => applyBrandColor(brandColor), [brandColor]);
  const isMap = location.pathname === '/';
  // Rendered, not hidden by CSS: a layout has one navigation, so each control exists once.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
  const dispatch = useAppDispatch();
  // A drawer left open on a narrow window stays shut once the window is wide and narrow again.
  useEffect(() => {
    if (wide) dispatch(drawerToggled(false));
  }, [wide, dispatch]);

  return (
    <div className={`app${wide ? ' app--rail' : ''}${isMap ? ' app--map' : ''}`}>
      <a className="skip-link" href="#main-content">
        {t('shell.skipToMain')}
      </a>
      {wide && <NavRail />}
      <main id="main-content" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      {!wide && <BottomBar />}
      {!wide && <Drawer />}
      <SignInDialog />
      <FeedbackDialog />
      <AboutDialog />
      <WelcomeDialog />
      <Toaster />
      <LiveAnnouncer />
    </div>
  );
}
