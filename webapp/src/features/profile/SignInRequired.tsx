import type { ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { EmptyState } from '../../components/states';
import { signInOpened } from '../../lib/ui';

/** The honest state of a screen that only makes sense signed in. */
export function SignInRequired({ title, children }: { title: string; children: ReactNode }) {
  const dispatch = useAppDispatch();
  return (
    <EmptyState
      icon="login"
      title={title}
      action={
        <button type="button" className="button button--filled" onClick={() => dispatch(signInOpened('login'))}>
          Sign in
        </button>
      }
    >
      {children}
    </EmptyState>
  );
}
