/** /profile/notifications (signed in): notifications, newest first; read ones are dimmed. */
import { useState } from 'react';
import { selectIsAuthenticated } from '../../api/session';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { NOTIFICATIONS } from '../../config/constants';
import { formatDate } from '../../lib/format';
import { logger } from '../../lib/logger';
import { signInOpened, toastShown } from '../../lib/ui';
import {
  NOTIFICATION_ERRORS,
  useDismissNotificationMutation,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
} from './notificationsApi';

export function NotificationsPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [limit, setLimit] = useState<number>(NOTIFICATIONS.defaultLimit);
  const { data, error, isLoading, refetch } = useGetNotificationsQuery({ limit, offset: 0 }, { skip: !signedIn });
  const [dismiss] = useDismissNotificationMutation();
  const [markRead] = useMarkNotificationReadMutation();

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

  const unreadCount = (data ?? []).filter((n) => !n.is_dismissed).length;
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
        <QueryFailure
          error={error}
          onRetry={() => void refetch()}
          title={NOTIFICATION_ERRORS.list}
          icon="bell"
          unavailableTitle="Notifications aren’t available on this server yet"
          unavailableText={<p>Reviews of your submissions and new badges will be announced here.</p>}
        />
      ) : !data || data.length === 0 ? (
        <EmptyState icon="bell" title="You’re all caught up">
          <p>No notifications yet.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="row-list" aria-label="Notifications">
            {data.map((n) => (
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
