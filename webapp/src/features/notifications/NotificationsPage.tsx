/**
 * /profile/notifications (signed in): notifications, newest first; read ones are dimmed. The
 * reviews of one's submissions are left out when the account's `notify_submission_updates`
 * preference is off (a note says how many, and shows them on request).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { selectIsAuthenticated } from '../../api/session';
import type { Notification } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../components/states';
import { usePreferences } from '../../components/usePreferences';
import { NOTIFICATIONS } from '../../config/constants';
import { to } from '../../config/routes';
import { formatDate } from '../../lib/format';
import { logger } from '../../lib/logger';
import { signInOpened, toastShown } from '../../lib/ui';
import {
  NOTIFICATION_ERRORS,
  useDismissNotificationMutation,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
} from './notificationsApi';

/** A review of one of the caller's submissions. */
const isSubmissionUpdate = (n: Notification) => n.type === 'submission_approved' || n.type === 'submission_rejected';

export function NotificationsPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [limit, setLimit] = useState<number>(NOTIFICATIONS.defaultLimit);
  const { data, error, isLoading, refetch } = useGetNotificationsQuery({ limit, offset: 0 }, { skip: !signedIn });
  const [dismiss] = useDismissNotificationMutation();
  const [markRead] = useMarkNotificationReadMutation();
  const { notify_submission_updates: showSubmissionUpdates } = usePreferences();
  const [showHidden, setShowHidden] = useState(false);

  /** Marks every unread one; individual failures are ignored (SPEC §4). */
  const markAll = async () => {
    const unread = (data ?? []).filter((n) => !n.is_dismissed);
    await Promise.allSettled(unread.map((n) => markRead(n.id).unwrap()));
  };

  const onDismiss = async (id: string) => {
    try {
      await dismiss(id).unwrap();
    } catch (e) {
      logger.warn(NOTIFICATION_ERRORS.dismiss, { error: e });
      dispatch(toastShown({ type: 'error', message: NOTIFICATION_ERRORS.dismiss }));
    }
  };

  if (!signedIn) {
    return (
      <div className="page page--narrow">
        <PageHeader title="Notifications" />
        <EmptyState
          icon="bell"
          title="Sign in to see notifications"
          action={
            <button type="button" className="button button--filled" onClick={() => dispatch(signInOpened('login'))}>
              Sign in
            </button>
          }
        >
          <p>We let you know when your submissions are reviewed and when you earn a badge.</p>
        </EmptyState>
      </div>
    );
  }

  // Mark-all-read still marks the hidden ones: the bell counts them.
  const unreadCount = (data ?? []).filter((n) => !n.is_dismissed).length;
  const hidden = showSubmissionUpdates || showHidden ? [] : (data ?? []).filter(isSubmissionUpdate);
  const shown = hidden.length > 0 ? (data ?? []).filter((n) => !isSubmissionUpdate(n)) : data;
  const hiddenNote =
    hidden.length > 0 ? (
      <p className="muted small">
        {hidden.length === 1 ? '1 review of your submissions is' : `${hidden.length} reviews of your submissions are`} hidden by
        your <Link to={to.profile()}>preferences</Link>.{' '}
        <button type="button" className="button button--text" onClick={() => setShowHidden(true)}>
          Show them
        </button>
      </p>
    ) : null;
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Notifications"
        actions={
          unreadCount > 0 ? (
            <button type="button" className="button button--text" onClick={() => void markAll()}>
              Mark all as read
            </button>
          ) : undefined
        }
      />
      {isLoading ? (
        <Loading label="Loading notifications…">
          <Skeleton lines={5} />
        </Loading>
      ) : error ? (
        <ErrorState title={NOTIFICATION_ERRORS.list} error={error} onRetry={() => void refetch()} />
      ) : !data || !shown || shown.length === 0 ? (
        <>
          <EmptyState icon="bell" title="You’re all caught up">
            <p>{hiddenNote ? 'No other notifications.' : 'No notifications yet.'}</p>
          </EmptyState>
          {hiddenNote}
        </>
      ) : (
        <>
          {hiddenNote}
          <ul className="row-list" aria-label="Notifications">
            {shown.map((n) => (
              <li key={n.id} className={`row-list__item${n.is_dismissed ? ' row-list__item--read' : ''}`}>
                <div className="row-list__link">
                  <span className="row-list__text">
                    <span className="row-list__title">
                      {!n.is_dismissed && <span className="visually-hidden">Unread: </span>}
                      {n.title ?? n.message ?? 'Notification'}
                    </span>
                    <span className="row-list__meta">
                      {[n.title ? n.message : null, formatDate(n.created_at)].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  {!n.is_dismissed && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label="Dismiss notification"
                      onClick={() => void onDismiss(n.id)}
                    >
                      <Icon name="close" size={18} />
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {data.length >= limit && limit < NOTIFICATIONS.maxKept && (
            <button type="button" className="button button--text" onClick={() => setLimit(NOTIFICATIONS.maxKept)}>
              Show more
            </button>
          )}
        </>
      )}
    </div>
  );
}
