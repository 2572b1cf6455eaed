/** The sign-in texts of SPEC §4 and §8, shared by the dialog and the /verify page. */
export const SIGN_IN_MESSAGES = {
  sendFailed: 'Failed to send magic link. Please try again.',
  sendFailedShort: 'Failed to send magic link',
  checkEmail: 'Check Your Email',
  verifying: 'Verifying...',
  verifyFailed: 'Failed to verify magic link',
  success: 'Login successful',
  codeInvalid: 'Enter the 6-digit code from the email',
  /** Neutral on purpose: the server's is_signup never tells whether an address has an account. */
  signupNote: 'If you are new here, the link also creates your account.',
} as const;

export const CODE_LENGTH = 6;

/** The digits of a typed or pasted code ("123 456" → "123456"), at most six. */
export function normaliseCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}
