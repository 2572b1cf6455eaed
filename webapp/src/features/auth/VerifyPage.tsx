/**
 * /verify?token=…: completes a magic-link sign-in, then goes where the user was heading.
 *
 * Opening the link signs nobody in: the page first asks the server whom the link signs in as
 * (no side effect) and signs in only when the person clicks "Sign in as …" — a link someone else
 * sent cannot sign this device in silently. When this device made anything anonymously
 * (submissions, lists and saved artworks, feedback), the page asks whether it goes to the account.
 *
 * The token works once, so it is sent to verify once per page load whatever React does with
 * effects (StrictMode runs them twice; a remount runs them again): the attempt is kept per token
 * and every mount only listens to it.
 */
import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/authApi';
import { isApiError, serverMessage } from '../../api/errors';
import type { InspectAnswer, VerifyAnswer } from '../../api/types';
import { completeSignIn } from '../../api/session';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { PageHeader } from '../../components/PageTitle';
import { SignInButton } from '../../components/SignInRequired';
import { EmptyState, Loading } from '../../components/states';
import { t as translate, useT } from '../../i18n';
import { toastShown } from '../../lib/ui';
import { SIGN_IN_MESSAGES } from './messages';
import { takeSignInFrom } from './signInFrom';

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

/** A failure's `message` is the server's (rate limited), or null for the generic 'Failed to verify magic link'. */
type Outcome = { ok: true; message: string } | { ok: false; message: string | null };
type Inspected = { ok: true; link: InspectAnswer } | { ok: false; message: string | null };

/** One sign-in attempt per token for the life of the page. */
const attempts = new Map<string, Promise<Outcome>>();

function failure(e: unknown): string | null {
  return isApiError(e) && e.isRateLimited ? (serverMessage(e) ?? null) : null;
}

async function inspect(dispatch: AppDispatch, token: string): Promise<Inspected> {
  const request = dispatch(authApi.endpoints.inspectMagicLink.initiate({ token }));
  try {
    return { ok: true, link: await request.unwrap() };
  } catch (e) {
    return { ok: false, message: failure(e) };
  } finally {
    request.reset();
  }
}

async function attempt(dispatch: AppDispatch, token: string, claim: boolean): Promise<Outcome> {
  const request = dispatch(authApi.endpoints.verifyMagicLink.initiate({ token, claim_anonymous_work: claim }));
  try {
    const r: VerifyAnswer = await request.unwrap();
    if (r.success === false) return { ok: false, message: null };
    // The session token came back in X-User-Token and is stored; now read the new identity.
    await dispatch(completeSignIn());
    return { ok: true, message: r.message || translate(VERIFY_MESSAGES.success) };
  } catch (e) {
    return { ok: false, message: failure(e) };
  } finally {
    request.reset();
  }
}

function verifyOnce(dispatch: AppDispatch, token: string, claim: boolean): Promise<Outcome> {
  let p = attempts.get(token);
  if (!p) {
    p = attempt(dispatch, token, claim);
    attempts.set(token, p);
  }
  return p;
}

type Step =
  | { step: 'checking' }
  | { step: 'confirm'; link: InspectAnswer }
  | { step: 'verifying' }
  | { step: 'failed'; message: string | null };

export function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const redirect = params.get('redirect');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const t = useT();
  const claimId = useId();
  const [state, setState] = useState<Step>(token ? { step: 'checking' } : { step: 'failed', message: null });
  const [claim, setClaim] = useState(true);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void inspect(dispatch, token).then((r) => {
      if (!live) return;
      setState(r.ok ? { step: 'confirm', link: r.link } : { step: 'failed', message: r.message });
    });
    return () => {
      live = false;
    };
  }, [token, dispatch]);

  const signIn = async (claimWork: boolean) => {
    setState({ step: 'verifying' });
    const outcome = await verifyOnce(dispatch, token, claimWork);
    if (!outcome.ok) {
      setState({ step: 'failed', message: outcome.message });
      return;
    }
    dispatch(toastShown({ type: 'success', message: outcome.message }));
    // The page the sign-in started on, on this device, unless the link names one.
    void navigate(safeRedirect(redirect ?? takeSignInFrom()), { replace: true });
  };

  const title = state.step === 'verifying' ? t(VERIFY_MESSAGES.verifying) : t('auth.signIn.title');
  const checking = t('auth.verify.checking');
  return (
    <div className="page page--narrow">
      <PageHeader title={title} documentTitle={t('auth.verify.documentTitle')} />
      {state.step === 'failed' ? (
        <EmptyState
          icon="error"
          title={t(VERIFY_MESSAGES.failed)}
          action={<SignInButton>{t('auth.verify.newLink')}</SignInButton>}
        >
          {state.message !== null && <p>{state.message}</p>}
          <p>{t('auth.verify.expired')}</p>
        </EmptyState>
      ) : state.step === 'confirm' ? (
        <section className="section verify-confirm" aria-labelledby={`${claimId}-q`}>
          <p id={`${claimId}-q`}>
            {t.rich('auth.verify.confirm', {
              isNew: state.link.is_new_account ? 'yes' : 'no',
              email: state.link.email,
              b: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          {state.link.anonymous_work > 0 && (
            <p>
              <label htmlFor={claimId} className="checkbox">
                <input id={claimId} type="checkbox" checked={claim} onChange={(e) => setClaim(e.target.checked)} />{' '}
                {state.link.anonymous_submissions > 0
                  ? t('auth.verify.claimSubmissions', { count: state.link.anonymous_submissions })
                  : t('auth.verify.claimOther')}
              </label>
            </p>
          )}
          <p>
            <button
              type="button"
              className="button button--filled"
              onClick={() => void signIn(state.link.anonymous_work === 0 || claim)}
            >
              {t('auth.verify.signInAs', { isNew: state.link.is_new_account ? 'yes' : 'no', email: state.link.email })}
            </button>
          </p>
        </section>
      ) : (
        <Loading label={state.step === 'verifying' ? t(VERIFY_MESSAGES.verifying) : checking}>
          <p className="muted">{state.step === 'verifying' ? t('auth.verify.signingIn') : checking}</p>
        </Loading>
      )}
    </div>
  );
}
