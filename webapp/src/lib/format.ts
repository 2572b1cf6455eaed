import { getLocale } from '../i18n/locale';

/** Dates for people: "12 March 2025". Invalid input gives an empty string. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(getLocale(), { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A moment (an ISO string or a Date) for people: "12 March 2025, 14:05:09". Invalid input gives an empty string. */
export function formatDateTime(moment: string | Date | null | undefined): string {
  if (!moment) return '';
  const d = new Date(moment);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(getLocale(), { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** A time of day for people, to the second ("14:05:09"): a moment soon, today. */
export function formatTime(moment: number | Date): string {
  const d = new Date(moment);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString(getLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** A number for people, grouped as the language in effect groups it ("12,345", "12 345"). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return n.toLocaleString(getLocale(), options);
}

/** How many pages `total` items make at `perPage` a page: at least one. */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / Math.max(1, perPage)));
