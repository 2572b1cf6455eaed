/** Email rules of SPEC §5. */
import { EMAIL_MAX } from '../../config/constants';

export const EMAIL_MESSAGES = {
  required: 'Email address is required',
  invalid: 'Please enter a valid email address',
} as const;

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** null when valid, else the message to show. */
export function validateEmail(raw: string): string | null {
  const email = raw.trim();
  if (!email) return EMAIL_MESSAGES.required;
  if (email.length > EMAIL_MAX || !BASIC_EMAIL.test(email)) return EMAIL_MESSAGES.invalid;
  return null;
}
