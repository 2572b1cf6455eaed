/**
 * Route guards (SPEC §6). They wait for the first auth answer, then let the route render or
 * redirect: requiresAuth → /?login=required&redirect={full path}; requiresModerator →
 * /?error=moderator_required; requiresAdmin → /?error=admin_required.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectCanModerate, selectIsAdmin, selectIsAuthenticated, selectSessionReady } from '../api/session';
import { LoadingScreen } from '../components/states';
import { useT } from '../i18n';
import { useAppSelector } from './hooks';
import type { RootState } from './store';

export function loginRedirect(fullPath: string): string {
  return `/?${new URLSearchParams({ login: 'required', redirect: fullPath }).toString()}`;
}
export const MODERATOR_REDIRECT = '/?error=moderator_required';
export const ADMIN_REDIRECT = '/?error=admin_required';

/** Once the session is known: the route if the session is `allowed` in, else a redirect to `redirect`. */
function Guard({ allowed, redirect }: { allowed: (state: RootState) => boolean; redirect: string }) {
  const t = useT();
  const ready = useAppSelector(selectSessionReady);
  const ok = useAppSelector(allowed);
  if (!ready) return <LoadingScreen label={t('shell.guard.checking')} />;
  if (!ok) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

export function RequireAuth() {
  const location = useLocation();
  return <Guard allowed={selectIsAuthenticated} redirect={loginRedirect(`${location.pathname}${location.search}${location.hash}`)} />;
}

export function RequireModerator() {
  return <Guard allowed={selectCanModerate} redirect={MODERATOR_REDIRECT} />;
}

export function RequireAdmin() {
  return <Guard allowed={selectIsAdmin} redirect={ADMIN_REDIRECT} />;
}
