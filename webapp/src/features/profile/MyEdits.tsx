/**
 * /profile's "My edits": the changes this account proposed to artworks and artists, and the
 * artists it proposed, newest first, each with its outcome (the fields an approval applied, or
 * why it was rejected). Signed-in only: an anonymous visitor has none.
 */
import { Link } from 'react-router';
import { useTagVocabulary } from '../../api/tagSchemaApi';
import type { EditSubject, MyEdit } from '../../api/types';
import { Pagination } from '../../components/Pagination';
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { fieldList } from '../../lib/fieldText';
import { formatDate } from '../../lib/format';
import { statusText, submissionKind } from '../../lib/submissionText';
import { usePageParam } from '../../lib/urlParams';
import { ProfileSection } from './ProfileSection';
import { useGetMyEditsQuery } from './profileApi';

export function MyEdits() {
  const t = useT();
  // Not `?page`: that is the submissions list's, on the same screen.
  const [page, goToPage] = usePageParam({ name: 'edits_page' });
  // Asked again on arrival: moderators decide them in the meantime.
  const { data, error, isLoading, refetch } = useGetMyEditsQuery({ page }, { refetchOnMountOrArgChange: true });

  return (
    <ProfileSection of="edits" query={{ isLoading, error, refetch }} lines={4}>
      {!data || data.edits.length === 0 ? (
        <EmptyState icon="artists" title={t('profile.edits.emptyTitle')}>
          <p>{t('profile.edits.emptyBody')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="row-list" aria-label={t('profile.edits.list')}>
            {data.edits.map((e) => (
              <EditRow key={e.id} edit={e} />
            ))}
          </ul>
          <Pagination page={page} totalPages={data.pagination.total_pages} label={t('profile.edits.pages')} onPage={goToPage} />
        </>
      )}
    </ProfileSection>
  );
}

/** Where the edit's subject is: none for a new artist not approved (yet), who has no page. */
function subjectHref(e: MyEdit): string | null {
  switch (e.submission_type) {
    case 'artwork_edit':
      return to.artwork(e.subject_id);
    case 'artist_edit':
      return to.artist(e.subject_id);
    case 'new_artist':
      return e.status === 'approved' ? to.artist(e.subject_id) : null;
    default:
      return null;
  }
}

/** The fields an approval left out, when it applied only some; null when it applied all (or said nothing). */
function notApplied(e: MyEdit): string[] | null {
  if (e.status !== 'approved' || !e.applied) return null;
  const applied = new Set(e.applied);
  const left = e.fields.filter((f) => !applied.has(f));
  return left.length > 0 ? left : null;
}

function EditRow({ edit: e }: { edit: MyEdit }) {
  const t = useT();
  const vocabulary = useTagVocabulary();
  const subject: EditSubject = e.submission_type === 'artwork_edit' ? 'artwork' : 'artist';
  const name = e.subject_name || t(subject === 'artwork' ? 'profile.edits.untitledArtwork' : 'profile.edits.unnamedArtist');
  const href = subjectHref(e);
  const left = notApplied(e);
  const applied = e.applied ?? [];
  return (
    <li className="row-list__item" data-testid="my-edit" data-edit-id={e.id}>
      <div className="row-list__link">
        <span className="row-list__text">
          <span className="row-list__title">{href ? <Link to={href}>{name}</Link> : name}</span>
          <span className="row-list__meta">{[submissionKind(e.submission_type), formatDate(e.created_at)].filter(Boolean).join(' · ')}</span>
          {e.fields.length > 0 && (
            <span className="small" data-testid="edit-fields">
              {t(e.submission_type === 'new_artist' ? 'profile.edits.proposedWith' : 'profile.edits.changes', {
                fields: fieldList(e.fields, subject, vocabulary),
              })}
            </span>
          )}
          <span className="submission-row__status">
            <span className={`chip chip--status chip--${e.status}`} data-testid="edit-status">
              {statusText({ status: e.status, queue_position: null })}
            </span>
            {left && (
              <span className="small" data-testid="edit-applied">
                {applied.length > 0
                  ? t('profile.edits.appliedOnly', {
                      applied: fieldList(applied, subject, vocabulary),
                      left: fieldList(left, subject, vocabulary),
                    })
                  : t('profile.edits.noneApplied')}
              </span>
            )}
          </span>
          {e.status === 'rejected' && e.reason && <span className="small submission-row__reason">{t('profile.reason', { reason: e.reason })}</span>}
        </span>
      </div>
    </li>
  );
}
