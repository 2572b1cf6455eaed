/**
 * Route guards (SPEC §6). They wait for the first auth answer, then let the route render or
 * redirect: requiresAuth → /?login=required&redirect={full path}; requiresModerator →
 * /?error=moderator_required; requiresAdmin → /?error=admin_required.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectCanModerate, selectIsAdmin, selectIsAuthenticated, selectSessionReady } from '../api/session';
import { Loading } from '../components/states';
import { useAppSelector } from './hooks';

export function loginRedirect(fullPath: string): string {
  return `/?${new URLSearchParams({ login: 'required', redirect: fullPath }).toString()}`;
}
export const MODERATOR_REDIRECT = '/?error=moderator_required';
export const ADMIN_REDIRECT = '/?error=admin_required';

function Checking() {
  return (
    <div className="page">
      <Loading label="Checking your access…" />
    </div>
  );
}

export function RequireAuth() {
  const ready = useAppSelector(selectSessionReady);
  const ok = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!ready) return <Checking />;
  if (!ok) return <Navigate to={loginRedirect(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <Outlet />;
}

export function RequireModerator() {
  const ready = useAppSelector(selectSessionReady);
  const ok = useAppSelector(selectCanModerate);
  if (!ready) return <Checking />;
  if (!ok) return <Navigate to={MODERATOR_REDIRECT} replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const ready = useAppSelector(selectSessionReady);
  const ok = useAppSelector(selectIsAdmin);
  if (!ready) return <Checking />;
  if (!ok) return <Navigate to={ADMIN_REDIRECT} replace />;
  return <Outlet />;
}
