/**
 * When a write finds the stored token's session ended (signed out elsewhere, revoked, expired:
 * `client.ts` tells `token.ts`), the app forgets the account and reads who it is again, and says
 * so with a way to sign in again. The form that sent it keeps what was entered and shows the
 * server's words; the Outbox keeps the item for that account (lib/outbox).
 */
import { useEffect } from 'react';
import { forgetEndedSession } from '../../api/session';
import { onSessionEnded } from '../../api/token';
import { t } from '../../i18n';
import { announce } from '../../lib/announcer';
import { toastShown } from '../../lib/ui';
import { useAppDispatch } from '../hooks';

export function useSessionEnded(): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      onSessionEnded(() => {
        void dispatch(forgetEndedSession());
        const message = t('shell.sessionEnded.notice');
        dispatch(toastShown({ type: 'warning', message, action: 'signIn' }));
        announce(message);
      }),
    [dispatch],
  );
}
