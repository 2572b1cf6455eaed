/** Email rules of SPEC §5. */
import { EMAIL_MAX } from '../../config/constants';
import { t, type MessageKey } from '../../i18n';

export const EMAIL_MESSAGES = {
  required: 'auth.email.required',
  invalid: 'auth.email.invalid',
} as const satisfies Record<string, MessageKey>;

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** null when valid, else the message to show (in the interface language). */
export function validateEmail(raw: string): string | null {
  const email = raw.trim();
  if (!email) return t(EMAIL_MESSAGES.required);
  if (email.length > EMAIL_MAX || !BASIC_EMAIL.test(email)) return t(EMAIL_MESSAGES.invalid);
  return null;
}
