/**
 * One proposed artwork edit under review: each field as the proposer saw it, as proposed and as
 * it is now, side by side, those changed since marked; a checkbox per field chooses what to
 * apply (those changed since start unchosen, and applying one is confirmed first); rejecting asks
 * for a reason.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import type { EditDetail } from '../../api/types';
import { ConfirmDialog } from '../../components/Dialog';
import { Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { editFieldLabel, fieldList, valueText, type ValueWords } from '../../lib/fieldText';
import { formatDate } from '../../lib/format';
import { statusText } from '../../lib/submissionText';
import { isEditAlreadyDecided, isStaleEditConflict, useApproveEditMutation, useGetEditReviewQuery, useRejectEditMutation } from './reviewApi';
import { RejectDialog, ReviewPanel } from './ReviewParts';
import { useDecide } from './useDecide';

const EDIT_REVIEW_MESSAGES = {
  approved: 'Edit approved',
  rejected: 'Edit rejected',
  changedMeanwhile: 'Some fields changed while you were reviewing: they are marked below. Check them and approve again.',
} as const;

export function EditReviewPanel({ id, onClose }: { id: string; onClose: (decided: boolean) => void }) {
  const query = useGetEditReviewQuery(id);
  const { data } = query;
  return (
    <ReviewPanel
      title={data ? `Edit to ${data.artwork_title || 'Untitled'}` : 'Edit'}
      closeLabel="Close the edit"
      loadingLabel="Loading the edit…"
      failedTitle="Could not load this edit"
      testId="edit-detail"
      query={query}
      onClose={() => onClose(false)}
    >
      {data && <EditDecision edit={data} onDecided={() => onClose(true)} />}
    </ReviewPanel>
  );
}

function EditDecision({ edit, onDecided }: { edit: EditDetail; onDecided: () => void }) {
  // The detail names artists by id: the artwork's credits name those it has.
  const { data: artwork } = useGetArtworkQuery(edit.artwork_id);
  const [approve, { isLoading: approving }] = useApproveEditMutation();
  const [reject, { isLoading: rejecting }] = useRejectEditMutation();
  const [chosen, setChosen] = useState<string[]>(() => edit.fields.filter((f) => !f.stale).map((f) => f.field_name));
  const [confirming, setConfirming] = useState(false);
  const [askReason, setAskReason] = useState(false);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const busy = approving || rejecting;
  const pending = edit.status === 'pending';
  const apply = edit.fields.filter((f) => chosen.includes(f.field_name));
  const staleChosen = apply.filter((f) => f.stale).map((f) => f.field_name);

  const words: ValueWords = {
    unset: '(empty)',
    artists: (ids) => ids.map((id) => artwork?.artists.find((a) => a.id === id)?.name ?? String(id)).join(', '),
  };

  const decide = useDecide(onDecided);
  const run = (action: () => Promise<unknown>, done: string) => {
    setChangedMeanwhile(false);
    return decide(action, done, {
      decidedAlready: isEditAlreadyDecided,
      handled: (e) => {
        if (!isStaleEditConflict(e)) return false;
        // The detail loads again (its tag is invalidated) with what changed marked.
        setChangedMeanwhile(true);
        return true;
      },
    });
  };
  const approveChosen = (overwriteStale: boolean) => {
    setConfirming(false);
    const body = { apply_to_artwork: apply.map((f) => f.field_name), ...(overwriteStale ? { overwrite_stale: true } : {}) };
    void run(() => approve({ id: edit.id, body }).unwrap(), EDIT_REVIEW_MESSAGES.approved);
  };

  return (
    <div className="review-detail__body">
      <p className="row-list__meta">
        Proposed by {edit.submitter.display_name} · <time dateTime={edit.created_at}>{formatDate(edit.created_at)}</time>{' '}
        <span className={`chip chip--small chip--text chip--${edit.status}`}>{statusText({ status: edit.status })}</span>
      </p>
      <p>
        <Link to={to.artwork(edit.artwork_id)}>{edit.artwork_title || 'Untitled'}</Link>
      </p>
      {edit.note && (
        <blockquote className="review-detail__notes" aria-label="Note to the moderators">
          <p>{edit.note}</p>
        </blockquote>
      )}
      {edit.reason && <p>Reason: {edit.reason}</p>}
      {changedMeanwhile && (
        <p className="notice notice--warning" role="alert">
          {EDIT_REVIEW_MESSAGES.changedMeanwhile}
        </p>
      )}
      <div className="edit-table__scroll">
        <table className="table edit-table">
          <caption className="visually-hidden">Proposed changes, field by field</caption>
          <thead>
            <tr>
              <th scope="col">Apply</th>
              <th scope="col">Field</th>
              <th scope="col">
                Before <span className="muted small">(what the proposer saw)</span>
              </th>
              <th scope="col">Proposed</th>
              <th scope="col">Current</th>
            </tr>
          </thead>
          <tbody>
            {edit.fields.map((f) => {
              const label = editFieldLabel(f.field_name);
              return (
                <tr key={f.field_name} className={f.stale ? 'edit-table__row--stale' : undefined} data-testid="edit-field">
                  <td>
                    <input
                      type="checkbox"
                      className="review-item__check"
                      checked={chosen.includes(f.field_name)}
                      disabled={!pending || busy}
                      aria-label={`Apply ${label}`}
                      onChange={(e) =>
                        setChosen((c) => (e.target.checked ? [...c, f.field_name] : c.filter((n) => n !== f.field_name)))
                      }
                    />
                  </td>
                  <th scope="row">{label}</th>
                  <td>{valueText(f.field_name, f.before, words)}</td>
                  <td>{valueText(f.field_name, f.proposed, words)}</td>
                  <td>
                    {valueText(f.field_name, f.current, words)}
                    {f.stale && <span className="chip chip--warning edit-table__stale">Changed since proposed</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {pending && (
        <div className="review-detail__actions">
          <button
            type="button"
            className="button button--filled"
            disabled={busy || apply.length === 0}
            onClick={() => (staleChosen.length > 0 ? setConfirming(true) : approveChosen(false))}
          >
            {approving && <Spinner />} Approve selected
          </button>
          <button type="button" className="button button--outlined" disabled={busy} onClick={() => setAskReason(true)}>
            {rejecting && <Spinner />} Reject
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Apply fields that changed since?"
        message={`The ${fieldList(staleChosen)} changed since this edit was proposed. Approving replaces the current value with the proposed one.`}
        confirmLabel="Approve anyway"
        onConfirm={() => approveChosen(true)}
        onCancel={() => setConfirming(false)}
      />
      <RejectDialog
        open={askReason}
        title="Reject edit"
        onClose={() => setAskReason(false)}
        onReject={(reason) => void run(() => reject({ id: edit.id, reason }).unwrap(), EDIT_REVIEW_MESSAGES.rejected)}
      />
    </div>
  );
}
