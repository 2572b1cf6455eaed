/**
 * The bell after one's own actions (issue 29): what a person does can earn them something a
 * moment later — signing up earns "Verified", an approved submission a count badge — and the
 * process managers that award it run after the write has answered. So after each write of the
 * signed-in person's, the unread count is re-read at once and again a few times over the next
 * seconds, instead of waiting up to a minute for the poll. A newer write starts the schedule
 * again. The badge toasts follow the count (`useBadgeToasts`), so they come with it.
 */
import { createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import { selectIsAuthenticated, type WithSession } from './session';

/** When the count is re-read after a write, in ms from its answer. */
export const FOLLOW_UP_MS = [0, 1000, 3000, 8000, 20_000] as const;

/** Writes whose answer cannot change what the bell counts except by lowering it themselves. */
const QUIET = new Set(['markNotificationsSeen']);

const MUTATION_FULFILLED = `${baseApi.reducerPath}/executeMutation/fulfilled`;

/** A write of the API's that succeeded (and may have earned the person something). */
export function isOwnWrite(action: UnknownAction): boolean {
  if (action.type !== MUTATION_FULFILLED) return false;
  const endpoint = (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName;
  return typeof endpoint === 'string' && !QUIET.has(endpoint);
}

/** The middleware, one per store. */
export function followUpMiddleware() {
  const followUp = createListenerMiddleware();
  followUp.startListening({
    predicate: (action) => isOwnWrite(action),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      let waited = 0;
      for (const at of FOLLOW_UP_MS) {
        await api.delay(at - waited);
        waited = at;
        if (selectIsAuthenticated(api.getState() as WithSession)) {
          api.dispatch(baseApi.util.invalidateTags([{ type: 'Notification', id: 'UNREAD' }]));
        }
      }
    },
  });
  return followUp.middleware;
}
