/**
 * Merging duplicates (moderators): the dialog that merges this artwork into the record to keep
 * (named by its link or id), and on the kept record, the notice that a duplicate was merged in,
 * with the moderator's way to undo it. A merged artwork's own page sends visitors to the record
 * kept (see ArtworkDetailPage).
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors';
import { selectCanModerate } from '../../api/session';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Dialog, PromptDialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/states';
import { MERGE_REASON_MAX } from '../../config/constants';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { successShown } from '../../lib/ui';
import { useMergeArtworkMutation, useUnmergeArtworkMutation } from './artworksApi';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The artwork id in what a moderator pasted: an id, or a link to an artwork's page. */
export function artworkIdIn(text: string): string | null {
  return UUID.exec(text.trim())?.[0]?.toLowerCase() ?? null;
}

export function MergeDialog({ artworkId, title, onClose }: { artworkId: string; title: string; onClose: () => void }) {
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [merge, { isLoading }] = useMergeArtworkMutation();
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const targetId = useId();
  const reasonId = useId();
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    const into = artworkIdIn(target);
    if (!into) return setProblem(t('artworks.merge.noTarget'));
    if (into === artworkId) return setProblem(t('artworks.merge.itself'));
    if (!reason.trim()) return setProblem(t('artworks.merge.reasonRequired'));
    setProblem(null);
    try {
      const moved = await merge({ artworkId, body: { into, reason: reason.trim() } }).unwrap();
      const message = t('artworks.merge.merged', { photos: moved.photos, visits: moved.logbook_entries });
      dispatch(successShown(message));
      onClose();
      void navigate(to.artworkMergedFrom(into, artworkId));
    } catch (err) {
      setProblem(errorMessage(err, t('artworks.merge.failed')));
    }
  };

  return (
    <Dialog
      open
      title={t('artworks.merge.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--text" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={`${targetId}-form`} className="button button--filled" disabled={isLoading}>
            {isLoading ? t('artworks.merge.merging') : t('artworks.merge.confirm')}
          </button>
        </>
      }
    >
      <form id={`${targetId}-form`} className="form" onSubmit={(e) => void submit(e)} noValidate>
        <p>{t('artworks.merge.explain', { title })}</p>
        <div className="field">
          <label htmlFor={targetId}>{t('artworks.merge.target')}</label>
          <input
            id={targetId}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            aria-invalid={Boolean(problem) || undefined}
            aria-describedby={problem ? errorId : undefined}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={reasonId}>{t('artworks.merge.reason')}</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={MERGE_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
          />
        </div>
        <ErrorNote id={errorId}>{problem}</ErrorNote>
      </form>
    </Dialog>
  );
}

/** On the record kept: a duplicate (`from`) was merged here; moderators may undo it. */
export function MergedFromBanner({ from }: { from: string }) {
  const canModerate = useAppSelector(selectCanModerate);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unmerge, { isLoading }] = useUnmergeArtworkMutation();
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = async (reason: string) => {
    setError(null);
    try {
      const back = await unmerge({ artworkId: from, body: { reason } }).unwrap();
      const message = t('artworks.merge.undone', { photos: back.photos, visits: back.logbook_entries });
      dispatch(successShown(message));
      setOpen(false);
      void navigate(to.artwork(from));
    } catch (err) {
      setError(errorMessage(err, t('artworks.merge.undoFailed')));
    }
  };

  return (
    <div className="notice" role="status">
      <p>{t('artworks.merge.mergedHere')}</p>
      {canModerate && (
        <button type="button" className="button button--text button--small" onClick={() => setOpen(true)}>
          {t('artworks.merge.undo')}
        </button>
      )}
      <PromptDialog
        open={open}
        title={t('artworks.merge.undoTitle')}
        label={t('artworks.merge.reason')}
        required
        multiline
        maxLength={MERGE_REASON_MAX}
        confirmLabel={t('artworks.merge.undoConfirm')}
        description={<p>{t('artworks.merge.undoExplain')}</p>}
        error={error}
        busy={isLoading}
        onSubmit={(reason) => void submit(reason)}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
