/**
 * Passwordless sign-in (SPEC §2, §4, §5, §8): email entry, then 'Check Your Email' with a way
 * back. The dialog resets each time it opens; sign-up wording follows the mode or the server.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useRequestMagicLinkMutation } from '../../api/authApi';
import { isApiError } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/states';
import { announce } from '../../lib/announcer';
import { dialogClosed, selectDialog, selectSignInMode, selectSignInNonce } from '../../lib/ui';
import { validateEmail } from './validation';

export const SIGN_IN_MESSAGES = {
  sendFailed: 'Failed to send magic link. Please try again.',
  sendFailedShort: 'Failed to send magic link',
  checkEmail: 'Check Your Email',
  verifying: 'Verifying...',
} as const;

type Step = 'email' | 'sent' | 'verifying';

export function SignInDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDialog) === 'signIn';
  const mode = useAppSelector(selectSignInMode);
  const nonce = useAppSelector(selectSignInNonce);
  return open ? <SignInDialogBody key={nonce} mode={mode} onClose={() => dispatch(dialogClosed())} /> : null;
}

function SignInDialogBody({ mode, onClose }: { mode: 'login' | 'signup'; onClose: () => void }) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signup, setSignup] = useState(mode === 'signup');
  const [request, { isLoading }] = useRequestMagicLinkMutation();
  const errorId = useId();
  const validation = touched ? validateEmail(email) : null;

  useEffect(() => {
    if (step === 'sent') announce('Check your email for a sign-in link');
  }, [step]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (validateEmail(email)) return;
    try {
      const r = await request({ email: email.trim() }).unwrap();
      if (r.success === false) {
        setError(r.message || SIGN_IN_MESSAGES.sendFailed);
        return;
      }
      setSignup(mode === 'signup' || r.is_signup);
      setStep('sent');
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : SIGN_IN_MESSAGES.sendFailed);
    }
  };

  const title =
    step === 'sent' ? SIGN_IN_MESSAGES.checkEmail : step === 'verifying' ? SIGN_IN_MESSAGES.verifying : signup ? 'Create an account' : 'Sign in';

  return (
    <Dialog open title={title} onClose={onClose} size="small">
      {step === 'email' && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>
            {signup
              ? 'Enter your email and we’ll send you a link to create your account. No password needed.'
              : 'Enter your email and we’ll send you a sign-in link. No password needed.'}
          </p>
          <p className="muted small">Anything you added anonymously on this device stays yours after you sign in.</p>
          <label className="field">
            <span className="field__label">Email address</span>
            <input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(true)}
              aria-invalid={!!validation || undefined}
              aria-describedby={validation || error ? errorId : undefined}
              required
              autoFocus
            />
          </label>
          {(validation ?? error) && (
            <p id={errorId} className="field__error" role="alert">
              {validation ?? error}
            </p>
          )}
          <div className="dialog__actions dialog__actions--inline">
            <button type="button" className="button button--text" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--filled" disabled={isLoading}>
              {isLoading ? <Spinner /> : <Icon name="mail" size={18} />} Send link
            </button>
          </div>
        </form>
      )}
      {step === 'sent' && (
        <div className="sign-in-sent">
          <Icon name="mail" size={40} />
          <p>
            We sent a {signup ? 'link to create your account' : 'sign-in link'} to <strong>{email.trim()}</strong>. It expires
            in 1 hour.
          </p>
          <p className="muted small">Didn’t get it? Check your spam folder, or</p>
          <button type="button" className="button button--text" onClick={() => setStep('email')}>
            try again
          </button>
        </div>
      )}
      {step === 'verifying' && (
        <p role="status">
          <Spinner /> {SIGN_IN_MESSAGES.verifying}
        </p>
      )}
    </Dialog>
  );
}
