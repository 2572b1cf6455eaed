/** The way to sign in from a screen: a button that opens the sign-in dialog, and the state of a screen that needs it. */
import type { ReactNode } from 'react';
import { useAppDispatch } from '../app/hooks';
import { signInOpened } from '../lib/ui';
import type { IconName } from './Icon';
import { EmptyState } from './states';

/** A filled button (reading `children`) that opens the sign-in dialog at its first step. */
export function SignInButton({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" className="button button--filled" onClick={() => dispatch(signInOpened('login'))}>
      {children}
    </button>
  );
}

/** The honest state of a screen that only makes sense signed in: `title`, why (`children`), and the button (`label`). */
export function SignInRequired({ icon = 'login', title, label, children }: { icon?: IconName; title: string; label: string; children: ReactNode }) {
  return (
    <EmptyState icon={icon} title={title} action={<SignInButton>{label}</SignInButton>}>
      {children}
    </EmptyState>
  );
}
