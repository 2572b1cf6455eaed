/**
 * Starts the Outbox's sender for the life of the shell: each item goes through the one POST
 * /logbook endpoint the forms use (its cache updates included), untracked in the store, with its
 * upload's progress; a toast says when one is sent or refused.
 */
import { useEffect } from 'react';
import { submissionsApi } from '../../api/submissionsApi';
import { useAppDispatch } from '../../app/hooks';
import { t } from '../../i18n';
import { announce } from '../../lib/announcer';
import { outbox } from '../../lib/outbox';
import { successShown, toastShown } from '../../lib/ui';
import { outboxItemTitle } from './outboxText';

export function useOutboxSender(): void {
  const dispatch = useAppDispatch();
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
