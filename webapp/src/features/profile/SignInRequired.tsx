import type { ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { EmptyState } from '../../components/states';
import { useT } from '../../i18n';
import { signInOpened } from '../../lib/ui';

/** The honest state of a screen that only makes sense signed in. */
export function SignInRequired({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <EmptyState
      icon="login"
      title={title}
      action={
        <button type="button" className="button button--filled" onClick={() => dispatch(signInOpened('login'))}>
          {t('profile.signIn')}
        </button>
      }
    >
      {children}
    </EmptyState>
  );
}
