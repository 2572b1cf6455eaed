/**
 * /verify?token=…: completes a magic-link sign-in, then goes where the user was heading.
 *
 * The token works once, so it is sent once per page load whatever React does with effects
 * (StrictMode runs them twice; a remount runs them again): the attempt is kept per token and
 * every mount only listens to it.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/authApi';
import { isApiError, serverMessage } from '../../api/errors';
import type { VerifyAnswer } from '../../api/types';
import { completeSignIn } from '../../api/session';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState, Loading } from '../../components/states';
import { signInOpened, toastShown } from '../../lib/ui';
import { SIGN_IN_MESSAGES } from './messages';

export const VERIFY_MESSAGES = {
  failed: SIGN_IN_MESSAGES.verifyFailed,
  success: SIGN_IN_MESSAGES.success,
  verifying: SIGN_IN_MESSAGES.verifying,
} as const;

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/** One attempt per token for the life of the page. */
const attempts = new Map<string, Promise<Outcome>>();

async function attempt(dispatch: AppDispatch, token: string): Promise<Outcome> {
  const request = dispatch(authApi.endpoints.verifyMagicLink.initiate({ token }));
  try {
    const r: VerifyAnswer = await request.unwrap();
    if (r.success === false) return { ok: false, message: VERIFY_MESSAGES.failed };
    // The session token came back in X-User-Token and is stored; now read the new identity.
    await dispatch(completeSignIn());
    return { ok: true, message: r.message || VERIFY_MESSAGES.success };
  } catch (e) {
    const limited = isApiError(e) && e.isRateLimited ? serverMessage(e) : undefined;
    return { ok: false, message: limited ?? VERIFY_MESSAGES.failed };
  } finally {
    request.reset();
  }
}

function verifyOnce(dispatch: AppDispatch, token: string): Promise<Outcome> {
  let p = attempts.get(token);
  if (!p) {
    p = attempt(dispatch, token);
    attempts.set(token, p);
  }
  return p;
}

export function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const redirect = params.get('redirect');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(token ? null : VERIFY_MESSAGES.failed);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void verifyOnce(dispatch, token).then((outcome) => {
      if (!live) return;
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      dispatch(toastShown({ type: 'success', message: outcome.message }));
      void navigate(safeRedirect(redirect), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [token, redirect, dispatch, navigate]);

  return (
    <div className="page page--narrow">
      <PageHeader title={error ? 'Sign in' : VERIFY_MESSAGES.verifying} documentTitle="Verify sign-in" />
      {error ? (
        <EmptyState
          icon="error"
          title={VERIFY_MESSAGES.failed}
          action={
            <button type="button" className="button button--filled" onClick={() => dispatch(signInOpened('login'))}>
              Request a new link
            </button>
          }
        >
          {error !== VERIFY_MESSAGES.failed && <p>{error}</p>}
          <p>Links and codes work once and expire after 1 hour. Request a new one to sign in.</p>
        </EmptyState>
      ) : (
        <Loading label={VERIFY_MESSAGES.verifying}>
          <p className="muted">Checking your sign-in link…</p>
        </Loading>
      )}
    </div>
  );
}
