/**
 * /outbox: the contributions kept on this device for want of a network (lib/outbox), each with
 * its thumbnail, what it is, and where it stands: waiting (for the network, or for its next try
 * and why), sending (with the upload's progress), refused (the server's words, with Retry and
 * Discard), or sent (when, with the receipt's way on: the submissions, the artwork visited).
 * "Send now" sends what waits without waiting; "Clear sent" forgets the receipts. Each change of
 * state is announced once, in one live region.
 *
 * Items another account made on this device are listed apart, each waiting for that person to sign
 * in again (by name), with Discard: they are never sent as whoever is signed in now. Of the sent
 * ones, only the receipts of whoever the app speaks for now are listed (`shownTo`): on a phone
 * passed on, the next person does not see what the last one sent, nor where; "Clear sent" clears
 * those alone.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState, Loading } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { formatDateTime, formatTime } from '../../lib/format';
import { useOnline } from '../../lib/hooks';
import { outbox, sendableBy, shownTo, useOutbox, waitsFor, type OutboxItem } from '../../lib/outbox';
import { outboxItemTitle } from './outboxText';
import './outbox.css';

export function OutboxPage() {
  const t = useT();
  const { items, progress, loaded, session } = useOutbox();
  const online = useOnline();
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const spoken = useStateAnnouncements(items);
  const unsent = items.filter((i) => i.state.status !== 'sent' && sendableBy(i, session));
  const others = items.filter((i) => i.state.status !== 'sent' && !sendableBy(i, session));
  const sent = items.filter((i) => i.state.status === 'sent' && shownTo(i, session));
  const waiting = unsent.some((i) => i.state.status === 'waiting');

  return (
    <div className="page page--narrow outbox">
      <PageHeader
        title={t('outbox.page.title')}
        subtitle={t('outbox.page.subtitle')}
        actions={
          waiting ? (
            <button type="button" className="button button--filled" onClick={() => void outbox().sendNow()} disabled={!online} data-testid="outbox-send-now">
              <Icon name="refresh" size={18} /> {t('outbox.page.sendNow')}
            </button>
          ) : undefined
        }
      />
      <p className={`outbox__network${online ? '' : ' outbox__network--offline'}`} data-testid="outbox-network">
        {!online && <Icon name="cloudOff" size={18} />} {online ? t('outbox.page.online') : t('outbox.page.offline')}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {spoken}
      </p>
      {!loaded ? (
        <Loading label={t('outbox.page.loading')} />
      ) : unsent.length + others.length + sent.length === 0 ? (
        <EmptyState icon="outbox" title={t('outbox.page.emptyTitle')}>
          <p>{t('outbox.page.emptyBody')}</p>
        </EmptyState>
      ) : (
        <>
          <OutboxSection title={t('outbox.page.toSend', { count: unsent.length })} testId="outbox-unsent" items={unsent}>
            {(item) => <OutboxEntry key={item.id} item={item} progress={progress[item.id]} online={online} onDiscard={() => setDiscarding(item)} />}
          </OutboxSection>
          <OutboxSection title={t('outbox.page.others', { count: others.length })} testId="outbox-others" items={others}>
            {(item) => (
              <OutboxEntry
                key={item.id}
                item={item}
                online={online}
                waitingFor={waitsFor(item, session)?.name ?? null}
                onDiscard={() => setDiscarding(item)}
              />
            )}
          </OutboxSection>
          <OutboxSection
            title={t('outbox.page.sent', { count: sent.length })}
            testId="outbox-sent"
            items={sent}
            action={
              <button type="button" className="button button--text" onClick={() => void outbox().clearSent()} data-testid="outbox-clear-sent">
                {t('outbox.page.clearSent')}
              </button>
            }
          >
            {(item) => <OutboxEntry key={item.id} item={item} online={online} onDiscard={() => setDiscarding(item)} />}
          </OutboxSection>
        </>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title={t('outbox.discard.title')}
        message={discarding ? t('outbox.discard.message', { what: outboxItemTitle(discarding) }) : ''}
        confirmLabel={t('outbox.item.discard')}
        onConfirm={() => {
          if (discarding) void outbox().discard(discarding.id);
          setDiscarding(null);
        }}
        onCancel={() => setDiscarding(null)}
      />
    </div>
  );
}

/** One list of the Outbox under its heading (with an action beside it, if any); nothing when empty. */
function OutboxSection({
  title,
  testId,
  items,
  action,
  children,
}: {
  title: string;
  testId: string;
  items: OutboxItem[];
  action?: ReactNode;
  children: (item: OutboxItem) => ReactNode;
}) {
  const id = useId();
  if (items.length === 0) return null;
  const heading = (
    <h2 id={id} className="section__title">
      {title}
    </h2>
  );
  return (
    <section className="section" aria-labelledby={id}>
      {action ? (
        <div className="outbox__section-head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      <ul className="outbox__list" aria-labelledby={id} data-testid={testId}>
        {items.map(children)}
      </ul>
    </section>
  );
}

/** What to say of an item now in state `item.state` (null: nothing worth saying). */
function announcement(item: OutboxItem): string | null {
  const what = outboxItemTitle(item);
  switch (item.state.status) {
    case 'sending':
      return translate('outbox.announce.sending', { what });
    case 'sent':
      return translate('outbox.announce.sent', { what });
    case 'failed':
      return translate('outbox.announce.failed', { what, message: item.state.message });
    case 'waiting':
      return null;
  }
}

/** The latest change of an item's state since the page opened, in words (for the live region). */
function useStateAnnouncements(items: readonly OutboxItem[]): string {
  const seen = useRef<Map<string, string> | null>(null);
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const before = seen.current;
    const now = new Map(items.map((i) => [i.id, i.state.status]));
    seen.current = now;
    if (!before) return;
    for (const item of items) {
      const was = before.get(item.id);
      if (was === undefined || was === item.state.status) continue;
      // A try that got nowhere puts the item back to waiting: say so.
      const words = announcement(item) ?? (was === 'sending' ? translate('outbox.announce.waiting', { what: outboxItemTitle(item) }) : null);
      if (words) setSpoken(words);
    }
  }, [items]);
  return spoken;
}

function OutboxEntry({
  item,
  progress,
  online,
  waitingFor = null,
  onDiscard,
}: {
  item: OutboxItem;
  progress?: number | undefined;
  online: boolean;
  /** Another account's item: the name of the person it waits for (it is theirs to send or retry). */
  waitingFor?: string | null;
  onDiscard: () => void;
}) {
  const t = useT();
  const what = outboxItemTitle(item);
  const thumbnail = item.thumbnail;
  const titleId = useId();
  const { state } = item;
  const photos = state.status === 'sent' ? state.receipt.photos.length : item.photos.length;
  const artworkId = item.form.type === 'logbook' ? item.form.artworkId : undefined;

  return (
    <li
      className={`outbox-item outbox-item--${state.status}`}
      aria-labelledby={titleId}
      data-testid="outbox-item"
      data-state={state.status}
      data-receipt-id={state.status === 'sent' ? state.receipt.id : undefined}
    >
      {thumbnail ? (
        <img className="outbox-item__thumb" src={thumbnail} alt={t('outbox.item.photoAlt', { what })} />
      ) : (
        <span className="outbox-item__thumb outbox-item__thumb--none" aria-hidden="true">
          <Icon name={item.form.type === 'logbook' ? 'visited' : 'camera'} size={28} />
        </span>
      )}
      <div className="outbox-item__body">
        <h3 id={titleId} className="outbox-item__title">
          {what}
        </h3>
        <p className="muted small">{t('outbox.item.details', { photos, saved: formatDateTime(item.createdAt) })}</p>
        <p className="outbox-item__state" data-testid="outbox-item-state">
          {waitingFor !== null ? t('outbox.item.waitingFor', { name: waitingFor }) : stateText(item, progress, online)}
        </p>
        {state.status === 'sending' && progress !== undefined && (
          <progress className="outbox-item__progress" max={1} value={progress} aria-label={t('outbox.item.progressLabel', { what })} />
        )}
        {state.status === 'sent' && state.receipt.nearby.length > 0 && (
          <p className="muted small">{t('outbox.item.duplicates', { count: state.receipt.nearby.length })}</p>
        )}
        <div className="button-row outbox-item__actions">
          {state.status === 'failed' && waitingFor === null && (
            <button type="button" className="button button--filled" onClick={() => void outbox().retry(item.id)} data-testid="outbox-retry">
              <Icon name="refresh" size={18} /> {t('outbox.item.retry')}{' '}
              <span className="visually-hidden">{what}</span>
            </button>
          )}
          {(state.status === 'failed' || state.status === 'waiting' || waitingFor !== null) && (
            <button type="button" className="button button--text" onClick={onDiscard} data-testid="outbox-discard">
              <Icon name="delete" size={18} /> {t('outbox.item.discard')}{' '}
              <span className="visually-hidden">{what}</span>
            </button>
          )}
          {state.status === 'sent' && (
            <>
              <Link className="button button--text" to={to.profile()}>
                {t('outbox.item.seeYours')}
              </Link>
              {artworkId && (
                <Link className="button button--text" to={to.artwork(artworkId)}>
                  {t('outbox.item.viewArtwork')}{' '}
                  <span className="visually-hidden">{what}</span>
                </Link>
              )}
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** Where an item stands, in words. */
function stateText(item: OutboxItem, progress: number | undefined, online: boolean): string {
  const { state } = item;
  switch (state.status) {
    case 'waiting':
      if (!online) return translate('outbox.item.waitingOffline');
      if (state.problem && state.retryAt !== undefined) {
        return translate('outbox.item.waitingRetry', { problem: state.problem, time: formatTime(state.retryAt) });
      }
      return translate('outbox.item.waiting');
    case 'sending':
      return progress === undefined ? translate('outbox.item.sending') : translate('outbox.item.sendingProgress', { percent: progress });
    case 'sent':
      return translate('outbox.item.sentAt', { time: formatDateTime(state.sentAt) });
    case 'failed':
      return translate('outbox.item.failed', { message: state.message });
  }
}
