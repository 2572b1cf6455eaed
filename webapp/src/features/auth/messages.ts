/** The sign-in texts of SPEC §4 and §8, shared by the dialog and the /verify page, as messages. */
import type { MessageKey } from '../../i18n';

export const SIGN_IN_MESSAGES = {
  sendFailed: 'auth.signIn.sendFailed',
  checkEmail: 'auth.signIn.checkEmail',
  verifying: 'auth.signIn.verifying',
  verifyFailed: 'auth.signIn.verifyFailed',
  success: 'auth.signIn.success',
  codeInvalid: 'auth.signIn.codeInvalid',
  /** Neutral on purpose: the server's is_signup never tells whether an address has an account. */
  signupNote: 'auth.signIn.signupNote',
} as const satisfies Record<string, MessageKey>;

export const CODE_LENGTH = 6;

/** The digits of a typed or pasted code ("123 456" → "123456"), at most six. */
export function normaliseCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}
