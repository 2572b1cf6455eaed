/**
 * A moderator's decision as the review panels run it: on success a toast (its words announced
 * too) and `onDecided`; when someone else decided first (409), a warning and `onDecided` as well;
 * any other failure an error toast with the server's message, unless `handled` takes it.
 */
import { errorMessage } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { t } from '../../i18n';
import { successShown, toastShown } from '../../lib/ui';
import { isAlreadyDecided } from './reviewApi';

export interface DecideOptions {
  /** Which failures mean it was decided already (default: any 409). */
  decidedAlready?: (error: unknown) => boolean;
  /** A failure the panel shows itself: true when it did. */
  handled?: (error: unknown) => boolean;
}

export function useDecide(onDecided: () => void) {
  const dispatch = useAppDispatch();
  return async (action: () => Promise<unknown>, done: string, { decidedAlready = isAlreadyDecided, handled }: DecideOptions = {}) => {
    try {
      await action();
      dispatch(successShown(done));
      onDecided();
    } catch (e) {
      if (decidedAlready(e)) {
        dispatch(toastShown({ type: 'warning', message: t('review.decision.alreadyDecided') }));
        onDecided();
      } else if (!handled?.(e)) {
        dispatch(toastShown({ type: 'error', message: errorMessage(e, t('review.decision.failed')) }));
      }
    }
  };
}
