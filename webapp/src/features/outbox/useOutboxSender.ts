/**
 * Starts the Outbox's sender for the life of the shell: each item goes through the one POST
 * /logbook endpoint the forms use (its cache updates included), untracked in the store, with its
 * upload's progress, as whoever made it; a toast says when one is sent or refused.
 */
import { useEffect } from 'react';
import { refreshSession, type WithSession } from '../../api/session';
import { submissionsApi } from '../../api/submissionsApi';
import { getToken, onTokenChange } from '../../api/token';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { t } from '../../i18n';
import { announce } from '../../lib/announcer';
import { outbox, sessionFollower, type Outbox } from '../../lib/outbox';
import { successShown, toastShown } from '../../lib/ui';
import { outboxItemTitle } from './outboxText';

export function useOutboxSender(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Before the sender starts, so its first round already knows who is signed in.
  useEffect(() => followSession(store, outbox()), [store]);
  useEffect(
    () =>
      outbox().start(
        (form, onProgress) =>
          dispatch(submissionsApi.endpoints.submitLogbook.initiate({ ...form, onUploadProgress: onProgress }, { track: false })).unwrap(),
        {
          sent: (item) => dispatch(successShown(t('outbox.toast.sent', { what: outboxItemTitle(item) }))),
          failed: (item) => {
            const message = t('outbox.toast.failed', {
              what: outboxItemTitle(item),
              message: item.state.status === 'failed' ? item.state.message : '',
            });
            dispatch(toastShown({ type: 'error', message }));
            announce(message);
          },
        },
      ),
    [dispatch],
  );
}

interface SessionStore {
  getState: () => WithSession;
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: ReturnType<typeof refreshSession>) => unknown;
}

/**
 * Tells `box` who the app speaks for, at each change of the session or of the stored token. A
 * store listener rather than an effect: it runs within the dispatch that signs someone out, so no
 * item can go as them in the moment before the next render. Started offline, the app never learned
 * who is signed in: it asks again once the browser is back online (`events`), so what is theirs
 * can go. Returns how to stop.
 */
export function followSession(
  store: SessionStore,
  box: Pick<Outbox, 'setSession'>,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window,
): () => void {
  const follow = sessionFollower();
  const update = () => box.setSession(follow(store.getState().session, getToken()));
  update();
  const unsubscribe = store.subscribe(update);
  const unlisten = onTokenChange(update);
  const onOnline = () => {
    const { session } = store.getState();
    if (session.status === 'ready' && !session.user) void store.dispatch(refreshSession());
  };
  events?.addEventListener('online', onOnline);
  return () => {
    unsubscribe();
    unlisten();
    events?.removeEventListener('online', onOnline);
  };
}
