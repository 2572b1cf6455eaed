/**
 * One proposed edit under review, of an artwork or of an artist (or a new artist): each field, one
 * under another, as it is now with the words the edit adds and removes marked; those changed since
 * the edit was proposed marked too, with the value the proposer saw. A checkbox per field chooses
 * what to apply (those changed since start unchosen, and applying one is confirmed first; a new
 * artist's name is always applied); rejecting asks for a reason.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { useTagVocabulary } from '../../api/tagSchemaApi';
import type { EditSubject } from '../../api/types';
import { ConfirmDialog } from '../../components/Dialog';
import { Spinner } from '../../components/states';
import { TextDiff } from '../../components/TextDiff';
import { editFieldLabel, fieldList, valueText, type ValueWords } from '../../lib/fieldText';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/format';
import { statusText } from '../../lib/submissionText';
import {
  isEditAlreadyDecided,
  isStaleEditConflict,
  useApproveEditMutation,
  useGetEditReviewQuery,
  useRejectEditMutation,
  type SubjectEditDetail,
} from './reviewApi';
import { DecisionBar, EDIT_TAB_WORDS, editTitle, NewSubjectChip, ReviewPanel } from './ReviewParts';
import { useDecide } from './useDecide';

/** The field a new artist cannot be approved without. */
const NEW_ARTIST_NEEDS = 'name';

export function EditReviewPanel({ subject, id, onClose }: { subject: EditSubject; id: string; onClose: (decided: boolean) => void }) {
  const query = useGetEditReviewQuery({ subject, id });
  const { data } = query;
  const t = useT();
  const title = data && editTitle(subject, data);
  return (
    <ReviewPanel
      title={!data ? t('review.edit.fallbackTitle') : t(data.new_subject ? 'review.edit.newArtistTitle' : 'review.edit.editTitle', { title })}
      closeLabel={t('review.edit.close')}
      loadingLabel={t('review.edit.loading')}
      failedTitle={t('review.edit.failed')}
      testId="edit-detail"
      query={query}
      onClose={() => onClose(false)}
    >
      {data && <EditDecision subject={subject} edit={data} onDecided={() => onClose(true)} />}
    </ReviewPanel>
  );
}

function EditDecision({ subject, edit, onDecided }: { subject: EditSubject; edit: SubjectEditDetail; onDecided: () => void }) {
  const t = useT();
  // An artwork edit's detail names artists by id: the artwork's credits name those it has.
  const { data: artwork } = useGetArtworkQuery(edit.subject_id, { skip: subject !== 'artwork' });
  const [approve, { isLoading: approving }] = useApproveEditMutation();
  const [reject, { isLoading: rejecting }] = useRejectEditMutation();
  const [chosen, setChosen] = useState<string[]>(() => edit.fields.filter((f) => !f.stale).map((f) => f.field_name));
  const [confirming, setConfirming] = useState(false);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const required = (field: string) => edit.new_subject && field === NEW_ARTIST_NEEDS;
  const busy = approving || rejecting;
  const pending = edit.status === 'pending';
  const apply = edit.fields.filter((f) => chosen.includes(f.field_name) || required(f.field_name));
  const staleChosen = apply.filter((f) => f.stale).map((f) => f.field_name);
  const vocabulary = useTagVocabulary();

  // Unset values read as no text, so that the diff shows a value set or cleared as all added or removed.
  const words: ValueWords = {
    unset: '',
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
    const approval = { subject, id: edit.id, fields: apply.map((f) => f.field_name), overwriteStale };
    const done = t(edit.new_subject ? 'review.edit.newArtistApproved' : 'review.edit.approved');
    void run(() => approve(approval).unwrap(), done);
  };

  return (
    <div className="review-detail__body">
      <p className="row-list__meta">
        {t.rich('review.edit.proposedBy', {
          name: edit.submitter.display_name,
          date: <time dateTime={edit.created_at}>{formatDate(edit.created_at)}</time>,
        })}{' '}
        <span className={`chip chip--small chip--${edit.status}`}>{statusText({ status: edit.status })}</span>
      </p>
      <p>
        {edit.new_subject ? (
          <>
            {editTitle(subject, edit)} <NewSubjectChip edit={edit} />
          </>
        ) : (
          <Link to={EDIT_TAB_WORDS[subject].link(edit.subject_id)}>{editTitle(subject, edit)}</Link>
        )}
      </p>
      {edit.new_subject && <p className="muted small">{t('review.edit.newArtistHint')}</p>}
      {edit.note && (
        <blockquote className="review-detail__notes" aria-label={t('review.decision.noteLabel')}>
          <p>{edit.note}</p>
        </blockquote>
      )}
      {edit.reason && <p>{t('review.edit.reason', { reason: edit.reason })}</p>}
      {changedMeanwhile && (
        <p className="notice notice--warning" role="alert">
          {t('review.edit.changedMeanwhile')}
        </p>
      )}
      <p className="muted small">
        {t.rich('review.edit.legend', {
          added: (chunks) => <span className="text-diff__added">{chunks}</span>,
          removed: (chunks) => <span className="text-diff__removed">{chunks}</span>,
        })}
      </p>
      <ul className="edit-fields" aria-label={t('review.edit.fieldsLabel')}>
        {edit.fields.map((f) => {
          const label = editFieldLabel(f.field_name, subject, vocabulary);
          const text = (value: unknown) => valueText(f.field_name, value, words);
          return (
            <li key={f.field_name} className={`edit-field${f.stale ? ' edit-field--stale' : ''}`} data-testid="edit-field">
              <div className="edit-field__head">
                <h3 className="edit-field__name">{label}</h3>
                <label className="edit-field__apply">
                  <input
                    type="checkbox"
                    className="review-item__check"
                    checked={chosen.includes(f.field_name) || required(f.field_name)}
                    disabled={!pending || busy || required(f.field_name)}
                    aria-label={t('review.edit.applyField', { field: label })}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, f.field_name] : c.filter((n) => n !== f.field_name)))
                    }
                  />
                  {t('review.edit.apply')}
                </label>
              </div>
              <FieldChange now={text(f.current)} proposed={text(f.proposed)} />
              {f.stale && (
                <p className="edit-field__stale">
                  {t.rich('review.edit.staleNote', {
                    strong: (chunks) => <strong>{chunks}</strong>,
                    was: <span className="edit-field__was">{text(f.before) || t('review.edit.unset')}</span>,
                  })}
                </p>
              )}
            </li>
          );
        })}
      </ul>

      {pending && (
        <DecisionBar
          busy={busy}
          rejecting={rejecting}
          rejectTitle={t(edit.new_subject ? 'review.edit.rejectNewArtist' : 'review.edit.rejectEdit')}
          onReject={(reason) => void run(() => reject({ subject, id: edit.id, reason }).unwrap(), t('review.edit.rejected'))}
        >
          <button
            type="button"
            className="button button--filled"
            disabled={busy || apply.length === 0}
            onClick={() => (staleChosen.length > 0 ? setConfirming(true) : approveChosen(false))}
          >
            {approving && <Spinner />} {t('review.decision.approveSelected')}
          </button>
        </DecisionBar>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('review.edit.confirmTitle')}
        message={t('review.edit.confirmMessage', { fields: fieldList(staleChosen, subject, vocabulary) })}
        confirmLabel={t('review.edit.approveAnyway')}
        onConfirm={() => approveChosen(true)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/**
 * A field's change: its value now, with the words the edit adds and removes marked; said in words
 * when the edit clears it, or when the value already is as proposed.
 */
function FieldChange({ now, proposed }: { now: string; proposed: string }) {
  const t = useT();
  return (
    <p className="edit-field__change">
      {now || proposed ? <TextDiff before={now} after={proposed} /> : <span className="muted">{t('review.edit.unset')}</span>}
      {now && !proposed && <span className="muted"> {t('review.edit.cleared')}</span>}
      {now && now === proposed && <span className="muted"> {t('review.edit.alreadyAsProposed')}</span>}
    </p>
  );
}
