/**
 * The one-tap toggles of an artwork (its page, the map's preview card): Loved, Visited and Want to
 * see, each pressed when the caller has it in that list, with how many people do. A press saves
 * or removes it at once (the count follows before the server answers) and undoes that with an
 * error toast if the write fails. Nothing shows when this server has no saved counts.
 */
import { errorMessage } from '../api/errors';
import {
  SYSTEM_LIST_KINDS,
  SYSTEM_LIST_NAMES,
  useAddToListMutation,
  useGetSavedQuery,
  useRemoveFromListMutation,
  type SystemListKind,
} from '../api/listsApi';
import type { SavedCount } from '../api/types';
import { useAppDispatch } from '../app/hooks';
import { useT } from '../i18n';
import { announce } from '../lib/announcer';
import { formatNumber } from '../lib/format';
import { useBusyKeys } from '../lib/hooks';
import { toastShown } from '../lib/ui';
import { Icon, type IconName } from './Icon';
import './SaveToggles.css';

const ICONS: Record<SystemListKind, IconName> = { loved: 'favorite', visited: 'visited', want_to_see: 'bookmark' };

/** `compact`: icons and counts only, the names for assistive technology (the map's card). */
export function SaveToggles({ artworkId, compact = false }: { artworkId: string; compact?: boolean }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { data, isError } = useGetSavedQuery(artworkId);
  const [add] = useAddToListMutation();
  const [remove] = useRemoveFromListMutation();
  const [busy, setBusyKind] = useBusyKeys<SystemListKind>();
  if (isError && !data) return null;

  const toggle = async (saved: SavedCount, kind: SystemListKind) => {
    if (busy.has(kind)) return;
    const name = SYSTEM_LIST_NAMES[kind];
    setBusyKind(kind, true);
    try {
      if (saved.mine) {
        await remove({ listId: saved.list_id, artworkIds: [artworkId] }).unwrap();
        announce(t('components.save.removed', { list: name }));
      } else {
        await add({ listId: saved.list_id, artworkId }).unwrap();
        announce(t('components.save.saved', { list: name }));
      }
    } catch (e) {
      const values = { list: name, reason: errorMessage(e) };
      const message = saved.mine ? t('components.save.removeFailed', values) : t('components.save.saveFailed', values);
      dispatch(toastShown({ type: 'error', message }));
    } finally {
      setBusyKind(kind, false);
    }
  };

  return (
    <div className={`save-toggles${compact ? ' save-toggles--compact' : ''}`} role="group" aria-label={t('components.save.label')}>
      {SYSTEM_LIST_KINDS.map((kind) => {
        const saved = data?.lists.find((l) => l.kind === kind);
        const pressed = saved?.mine ?? false;
        return (
          <button
            key={kind}
            type="button"
            className={`save-toggle${pressed ? ' save-toggle--on' : ''}`}
            aria-pressed={pressed}
            aria-busy={busy.has(kind) || undefined}
            disabled={!saved}
            title={SYSTEM_LIST_NAMES[kind]}
            data-kind={kind}
            onClick={() => saved && void toggle(saved, kind)}
          >
            <Icon name={ICONS[kind]} size={18} />
            <span className={compact ? 'visually-hidden' : 'save-toggle__label'}>{SYSTEM_LIST_NAMES[kind]}</span>{' '}
            <span className="save-toggle__count">{saved ? formatNumber(saved.count) : '–'}</span>
          </button>
        );
      })}
    </div>
  );
}
