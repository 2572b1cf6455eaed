/**
 * A moderator's revert of one change in an artwork's history: what it undoes, a required reason,
 * and the server's refusal (a later change to the same field, say) shown in the dialog. Once
 * reverted, the artwork and its history load again (their tag is invalidated).
 */
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import type { HistoryEntry } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { PromptDialog } from '../../components/Dialog';
import { REVERT_REASON_MAX } from '../../config/constants';
import { useT } from '../../i18n';
import { successShown } from '../../lib/ui';
import { useRevertArtworkChangeMutation } from './artworksApi';

export function RevertDialog({
  artworkId,
  entry,
  summary,
  onClose,
}: {
  artworkId: string;
  entry: HistoryEntry;
  /** The change as the history shows it. */
  summary: ReactNode;
  onClose: () => void;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [revert, { isLoading }] = useRevertArtworkChangeMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (reason: string) => {
    setError(null);
    try {
      await revert({ artworkId, body: { change: entry.id, reason } }).unwrap();
    } catch (e) {
      setError(errorMessage(e, t('artworks.revert.failed')));
      return;
    }
    const done = t('artworks.revert.done');
    dispatch(successShown(done));
    onClose();
  };

  return (
    <PromptDialog
      open
      title={t('artworks.revert.title')}
      label={t('artworks.revert.reason')}
      required
      maxLength={REVERT_REASON_MAX}
      multiline
      confirmLabel={t('artworks.revert.confirm')}
      description={<div className="history__entry">{summary}</div>}
      error={error}
      busy={isLoading}
      onSubmit={(reason) => void submit(reason)}
      onCancel={onClose}
    />
  );
}
