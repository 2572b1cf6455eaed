/**
 * Passwordless sign-in (SPEC §2, §4, §5, §8): email entry, then 'Check Your Email' with a way
 * back ('try again') and the 6-digit code from the same mail, then 'Verifying...' while the code
 * is checked. The dialog resets each time it opens; sign-up wording follows the mode or the
 * server's is_signup flag, and stays neutral (it never claims an address is new).
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useRequestMagicLinkMutation, useVerifyMagicLinkMutation } from '../../api/authApi';
import { isApiError, serverMessage } from '../../api/errors';
import { completeSignIn } from '../../api/session';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { ErrorNote, Spinner } from '../../components/states';
import { useT, type MessageKey } from '../../i18n';
import { announce } from '../../lib/announcer';
import { dialogClosed, selectDialog, selectSignInMode, selectSignInNonce, toastShown } from '../../lib/ui';
import { CODE_LENGTH, isCompleteCode, normaliseCode, SIGN_IN_MESSAGES } from './messages';
import { rememberSignInFrom } from './signInFrom';
import { validateEmail } from './validation';
import './auth.css';

type Step = 'email' | 'sent' | 'verifying';

export const SIGN_IN_TITLES = {
  login: 'auth.signIn.title',
  signup: 'auth.signIn.titleSignup',
} as const satisfies Record<string, MessageKey>;

export function SignInDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDialog) === 'signIn';
  const mode = useAppSelector(selectSignInMode);
  const nonce = useAppSelector(selectSignInNonce);
  return open ? <SignInDialogBody key={nonce} mode={mode} onClose={() => dispatch(dialogClosed())} /> : null;
}

function SignInDialogBody({ mode, onClose }: { mode: 'login' | 'signup'; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [signup, setSignup] = useState(mode === 'signup');
  const [request, { isLoading }] = useRequestMagicLinkMutation();
  const location = useLocation();
  const [verify] = useVerifyMagicLinkMutation();
  const errorId = useId();
  const codeErrorId = useId();
  const validation = touched ? validateEmail(email) : null;

  useEffect(() => {
    if (step === 'sent') announce(t('auth.signIn.announceSent'));
  }, [step, t]);

  const submitEmail = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (validateEmail(email)) return;
    try {
      const r = await request({ email: email.trim() }).unwrap();
      if (r.success === false) {
        setError(r.message || t(SIGN_IN_MESSAGES.sendFailed));
        return;
      }
      setSignup(mode === 'signup' || r.is_signup);
      // The link opened on this device comes back to this page.
      rememberSignInFrom(`${location.pathname}${location.search}${location.hash}`);
      setCode('');
      setCodeError(null);
      setStep('sent');
    } catch (err) {
      // The server's message when it answered (validation, rate limit…); else the generic one.
      setError(serverMessage(err) ?? t(SIGN_IN_MESSAGES.sendFailed));
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!isCompleteCode(code)) {
      setCodeError(t(SIGN_IN_MESSAGES.codeInvalid));
      return;
    }
    setCodeError(null);
    setStep('verifying');
    try {
      const r = await verify({ email: email.trim(), code }).unwrap();
      if (r.success === false) throw new Error(r.message || t(SIGN_IN_MESSAGES.verifyFailed));
      await dispatch(completeSignIn());
      dispatch(toastShown({ type: 'success', message: r.message || t(SIGN_IN_MESSAGES.success) }));
      onClose();
    } catch (err) {
      setStep('sent');
      // Too many wrong codes: the server says when to try again. Anything else: the SPEC's text.
      const limited = isApiError(err) && err.isRateLimited ? serverMessage(err) : undefined;
      setCodeError(limited ?? t(SIGN_IN_MESSAGES.verifyFailed));
    }
  };

  const title =
    step === 'sent'
      ? SIGN_IN_MESSAGES.checkEmail
      : step === 'verifying'
        ? SIGN_IN_MESSAGES.verifying
        : signup
          ? SIGN_IN_TITLES.signup
          : SIGN_IN_TITLES.login;
  const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

  return (
    <Dialog open title={t(title)} onClose={onClose} size="small">
      {step === 'email' && (
        <form onSubmit={(e) => void submitEmail(e)} noValidate>
          <p>{signup ? t('auth.signIn.introSignup') : t('auth.signIn.intro')}</p>
          {signup && <p>{t(SIGN_IN_MESSAGES.signupNote)}</p>}
          <p className="muted small">{t('auth.signIn.anonymousKept')}</p>
          <label className="field">
            <span className="field__label">{t('auth.signIn.email')}</span>
            <input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(true)}
              aria-invalid={!!validation || undefined}
              aria-describedby={validation || error ? errorId : undefined}
              required
              autoFocus
            />
          </label>
          <ErrorNote id={errorId}>{validation ?? error}</ErrorNote>
          <div className="dialog__actions dialog__actions--inline">
            <button type="button" className="button button--text" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button--filled" disabled={isLoading}>
              {isLoading ? <Spinner /> : <Icon name="mail" size={18} />} {t('auth.signIn.sendLink')}
            </button>
          </div>
        </form>
      )}
      {step === 'sent' && (
        <div className="sign-in-sent">
          <Icon name="mail" size={40} />
          <p>{t.rich('auth.signIn.sent', { signup: signup ? 'yes' : 'no', email: email.trim(), b: strong })}</p>
          {signup && <p>{t(SIGN_IN_MESSAGES.signupNote)}</p>}
          <p>{t('auth.signIn.openLink')}</p>
          <form onSubmit={(e) => void submitCode(e)} noValidate>
            <label className="field">
              <span className="field__label">{t('auth.signIn.code')}</span>
              <input
                type="text"
                name="code"
                className="sign-in-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={CODE_LENGTH + 2}
                value={code}
                onChange={(e) => setCode(normaliseCode(e.target.value))}
                aria-invalid={!!codeError || undefined}
                aria-describedby={codeError ? codeErrorId : undefined}
                autoFocus
              />
            </label>
            <ErrorNote id={codeErrorId}>{codeError}</ErrorNote>
            <div className="dialog__actions dialog__actions--inline">
              <button type="submit" className="button button--filled">
                {t('auth.signIn.withCode')}
              </button>
            </div>
          </form>
          <p className="muted small">{t('auth.signIn.notReceived')}</p>
          <button
            type="button"
            className="button button--text"
            onClick={() => {
              setError(null);
              setStep('email');
            }}
          >
            {t('auth.signIn.tryAgain')}
          </button>
        </div>
      )}
      {step === 'verifying' && (
        <p role="status">
          <Spinner /> {t(SIGN_IN_MESSAGES.verifying)}
        </p>
      )}
    </Dialog>
  );
}
