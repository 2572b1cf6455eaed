/**
 * /profile/notifications (signed in): notifications, newest first. What the page shows is seen:
 * the unread ones it shows are marked seen in one call as they appear (the bell drops at once),
 * and keep a "New" mark until the person leaves. The reviews of one's submissions are left out
 * when the account's `notify_submission_updates` preference is off (a note says how many, and
 * shows them on request); "Mark all as read" marks those too.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { selectIsAuthenticated } from '../../api/session';
import type { Notification } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyPage } from '../../components/NotFound';
import { PageHeader } from '../../components/PageTitle';
import { SignInRequired } from '../../components/SignInRequired';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../components/states';
import { usePreferences } from '../../components/usePreferences';
import { NOTIFICATIONS } from '../../config/constants';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/format';
import { logger } from '../../lib/logger';
import { toastShown } from '../../lib/ui';
import {
  NOTIFICATION_ERRORS,
  useGetNotificationsQuery,
  useMarkNotificationsSeenMutation,
} from './notificationsApi';
import { notificationMessage, notificationTitle } from './notificationText';

/** A review of one of the caller's submissions. */
const isSubmissionUpdate = (n: Notification) => n.type === 'submission_approved' || n.type === 'submission_rejected';

export function NotificationsPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [limit, setLimit] = useState<number>(NOTIFICATIONS.defaultLimit);
  const { data, error, isLoading, refetch } = useGetNotificationsQuery({ limit, offset: 0 }, { skip: !signedIn });
  const [markSeen] = useMarkNotificationsSeenMutation();
  const { notify_submission_updates: showSubmissionUpdates } = usePreferences();
  const [showHidden, setShowHidden] = useState(false);
  /** Those that were unread when this visit first showed them: they keep a "New" mark. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  /** Those this visit has asked the server to mark seen (once each, failed or not). */
  const asked = useRef(new Set<string>());

  const seen = async (ids: string[]) => {
    if (ids.length === 0) return;
    ids.forEach((id) => asked.current.add(id));
    try {
      await markSeen(ids).unwrap();
    } catch (e) {
      logger.warn('Failed to mark notification as read', { error: e });
      dispatch(toastShown({ type: 'error', message: t(NOTIFICATION_ERRORS.read) }));
    }
  };

  const hidden = showSubmissionUpdates || showHidden ? [] : (data ?? []).filter(isSubmissionUpdate);
  const shown = hidden.length > 0 ? (data ?? []).filter((n) => !isSubmissionUpdate(n)) : data;
  const unreadShown = (shown ?? []).filter((n) => !n.is_dismissed).map((n) => n.id);
  const newlyShown = unreadShown.filter((id) => !fresh.has(id));
  if (newlyShown.length > 0) setFresh(new Set([...fresh, ...newlyShown]));
  const unreadShownKey = unreadShown.join(',');

  useEffect(() => {
    const ids = unreadShownKey.split(',').filter((id) => id !== '' && !asked.current.has(id));
    void seen(ids);
    // `seen` is the same call on every render; the ids are what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreadShownKey]);

  if (!signedIn) {
    return (
      <EmptyPage title={t('notifications.page.title')}>
        <SignInRequired icon="bell" title={t('notifications.signIn.title')} label={t('notifications.signIn.button')}>
          <p>{t('notifications.signIn.body')}</p>
        </SignInRequired>
      </EmptyPage>
    );
  }

  // The hidden ones are not seen, but the bell counts them: mark-all-read marks them too.
  const unread = (data ?? []).filter((n) => !n.is_dismissed).map((n) => n.id);
  const hiddenNote =
    hidden.length > 0 ? (
      <p className="muted small">
        {t.rich('notifications.page.hidden', {
          count: hidden.length,
          link: (chunks) => <Link to={to.profile()}>{chunks}</Link>,
        })}{' '}
        <button type="button" className="button button--text" onClick={() => setShowHidden(true)}>
          {t('notifications.page.showHidden')}
        </button>
      </p>
    ) : null;
  return (
    <div className="page page--narrow">
      <PageHeader
        title={t('notifications.page.title')}
        actions={
          unread.length > 0 ? (
            <button type="button" className="button button--text" onClick={() => void seen(unread)}>
              {t('notifications.page.markAllRead')}
            </button>
          ) : undefined
        }
      />
      {isLoading ? (
        <Loading label={t('notifications.page.loading')}>
          <Skeleton lines={5} />
        </Loading>
      ) : error ? (
        <ErrorState title={t(NOTIFICATION_ERRORS.list)} error={error} onRetry={() => void refetch()} />
      ) : !data || !shown || shown.length === 0 ? (
        <>
          <EmptyState icon="bell" title={t('notifications.page.caughtUp')}>
            <p>{t(hiddenNote ? 'notifications.page.noOthers' : 'notifications.page.none')}</p>
          </EmptyState>
          {hiddenNote}
        </>
      ) : (
        <>
          {hiddenNote}
          <ul className="row-list" aria-label={t('notifications.page.listLabel')}>
            {shown.map((n) => {
              const title = notificationTitle(n);
              const message = notificationMessage(n);
              return (
                <li key={n.id} className={`row-list__item${fresh.has(n.id) ? '' : ' row-list__item--read'}`}>
                  <div className="row-list__link">
                    <span className="row-list__text">
                      <span className="row-list__title">{title ?? message ?? t('notifications.item.fallback')}</span>
                      <span className="row-list__meta">
                        {fresh.has(n.id) && <span className="chip chip--new">{t('notifications.item.new')}</span>}{' '}
                        {[title ? message : null, formatDate(n.created_at)].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
          {data.length >= limit && limit < NOTIFICATIONS.maxKept && (
            <button type="button" className="button button--text" onClick={() => setLimit(NOTIFICATIONS.maxKept)}>
              {t('notifications.page.showMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
