/** /verify?token=…: completes a magic-link sign-in, then goes where the user was heading. */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useVerifyMagicLinkMutation } from '../../api/authApi';
import { isApiError } from '../../api/errors';
import { refreshSession } from '../../api/session';
import { useAppDispatch } from '../../app/hooks';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState, Loading } from '../../components/states';
import { toastShown } from '../../lib/ui';

export const VERIFY_MESSAGES = {
  failed: 'Failed to verify magic link',
  success: 'Login successful',
} as const;

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return '/';
  return raw;
}

export function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [verify] = useVerifyMagicLinkMutation();
  const [error, setError] = useState<string | null>(token ? null : VERIFY_MESSAGES.failed);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify({ token })
      .unwrap()
      .then(async (r) => {
        if (r.success === false) throw new Error(r.message || VERIFY_MESSAGES.failed);
        await dispatch(refreshSession());
        dispatch(toastShown({ type: 'success', message: r.message || VERIFY_MESSAGES.success }));
        void navigate(safeRedirect(params.get('redirect')), { replace: true });
      })
      .catch((e: unknown) => {
        setError(isApiError(e) && e.message ? e.message : e instanceof Error && e.message ? e.message : VERIFY_MESSAGES.failed);
      });
  }, [token, verify, dispatch, navigate, params]);

  return (
    <div className="page page--narrow">
      <PageHeader title="Sign in" documentTitle="Verify sign-in" />
      {error ? (
        <EmptyState
          icon="error"
          title={VERIFY_MESSAGES.failed}
          action={
            <Link className="button button--filled" to="/">
              Go to the map
            </Link>
          }
        >
          <p>{error}</p>
          <p>Links work once and expire after 1 hour. Request a new one from the sign-in dialog.</p>
        </EmptyState>
      ) : (
        <Loading label="Verifying...">
          <p className="muted">Verifying...</p>
        </Loading>
      )}
    </div>
  );
}
