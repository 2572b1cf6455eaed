/** The shell's navigation entries (SPEC §2), chosen by where they appear and who is looking. */
import type { SessionUser } from '../api/session';
import type { IconName } from '../components/Icon';
import { to } from '../config/routes';
import type { MessageKey } from '../i18n';

export interface NavEntry {
  id: string;
  /** The entry's name, as a message (`t(entry.label)`). */
  label: MessageKey;
  to: string;
  icon: IconName;
}

const MAIN: NavEntry[] = [
  { id: 'map', label: 'shell.nav.map', to: to.map(), icon: 'map' },
  { id: 'artworks', label: 'shell.nav.artworks', to: to.artworks(), icon: 'artworks' },
  { id: 'artists', label: 'shell.nav.artists', to: to.artists(), icon: 'artists' },
  { id: 'search', label: 'common.search', to: to.search(), icon: 'search' },
  { id: 'help', label: 'shell.nav.help', to: to.help(), icon: 'help' },
];
const PAGES: NavEntry = { id: 'pages', label: 'shell.nav.pages', to: to.pages(), icon: 'pages' };

/** Map, Artworks, Artists, Search, Help; the rail also has Pages. */
export function mainEntries(where: 'rail' | 'drawer'): NavEntry[] {
  return where === 'rail' ? [...MAIN, PAGES] : [...MAIN];
}

/** Under "Administration": Admin for admins; Moderate (→ /review) for admins and moderators. */
export function adminEntries(user: SessionUser | null): NavEntry[] {
  if (!user) return [];
  const out: NavEntry[] = [];
  if (user.isAdmin) out.push({ id: 'admin', label: 'shell.nav.admin', to: to.admin(), icon: 'admin' });
  if (user.isAdmin || user.isModerator || user.canReview) {
    out.push({ id: 'moderate', label: 'shell.nav.moderate', to: to.review(), icon: 'moderate' });
  }
  return out;
}

/** An unread count as the badge shows it: nothing at 0, '99+' past 99. */
export function formatUnreadBadge(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** `/artworks/…` lights up Artworks, but `/` lights up only the map. */
export function isActive(entry: NavEntry, pathname: string): boolean {
  if (entry.to === '/') return pathname === '/';
  if (entry.id === 'artworks') return pathname.startsWith('/artworks') || pathname.startsWith('/artwork/');
  if (entry.id === 'artists') return pathname.startsWith('/artists') || pathname.startsWith('/artist/');
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
