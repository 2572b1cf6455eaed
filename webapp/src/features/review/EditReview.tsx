/**
 * The review's edit tabs, "Artwork edits" and "Artist edits": proposed changes waiting for a
 * moderator (to artworks, or to artists and new artists), oldest first, a page at a time (which
 * one, who proposed it, which fields, whether some changed since), and one of them in detail
 * beside the list.
 */
import { useRef } from 'react';
import { Link } from 'react-router';
import { useTagVocabulary } from '../../api/tagSchemaApi';
import type { EditSubject } from '../../api/types';
import { Pagination } from '../../components/Pagination';
import { ListCount } from '../../components/states';
import { fieldList } from '../../lib/fieldText';
import { useT } from '../../i18n';
import { formatDate, pageCount } from '../../lib/format';
import { EditReviewPanel } from './EditReviewDetail';
import { useGetEditReviewsQuery, type SubjectEditSummary } from './reviewApi';
import { EDIT_TAB_WORDS, editTitle, ListState, NewSubjectChip } from './ReviewParts';

export function EditReview({
  subject,
  page,
  openId,
  onPage,
  onOpen,
}: {
  subject: EditSubject;
  page: number;
  /** The edit shown in detail. */
  openId: string | null;
  onPage: (page: number) => void;
  /** Shows an edit in detail, or (null) none. */
  onOpen: (id: string | null) => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className={`review-layout${openId ? ' review-layout--open' : ''}`}>
      <section className="review-layout__queue" aria-labelledby="edit-review-title">
        <h2 id="edit-review-title" ref={heading} tabIndex={-1} className="section__title">
          {t(EDIT_TAB_WORDS[subject].heading)}
        </h2>
        <EditList key={page} subject={subject} page={page} openId={openId} onOpen={onOpen} onPage={onPage} />
      </section>
      {openId && (
        <EditReviewPanel
          key={openId}
          subject={subject}
          id={openId}
          onClose={(decided) => {
            onOpen(null);
            if (decided) heading.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function EditList({
  subject,
  page,
  openId,
  onOpen,
  onPage,
}: {
  subject: EditSubject;
  page: number;
  openId: string | null;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const { data, error, isLoading, isFetching, refetch } = useGetEditReviewsQuery({ subject, page });
  const words = EDIT_TAB_WORDS[subject];
  if (isLoading || error || !data || data.edits.length === 0) {
    return (
      <ListState of="edits" query={{ isLoading, error, refetch }} emptyTitle={t('review.edits.empty')}>
        <p>{t(words.empty)}</p>
      </ListState>
    );
  }
  const totalPages = pageCount(data.total, data.per_page);
  return (
    <>
      <ListCount refreshing={isFetching}>
        {t('review.edits.count', { count: data.total })}
      </ListCount>
      <ol className="review-list" aria-label={t('review.edits.listLabel')}>
        {data.edits.map((e) => (
          <EditRow key={e.id} subject={subject} edit={e} open={openId === e.id} onOpen={() => onOpen(e.id)} />
        ))}
      </ol>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label={t('review.edits.pages')} />
    </>
  );
}

function EditRow({
  subject,
  edit: e,
  open,
  onOpen,
}: {
  subject: EditSubject;
  edit: SubjectEditSummary;
  open: boolean;
  onOpen: () => void;
}) {
  const t = useT();
  const title = editTitle(subject, e);
  const vocabulary = useTagVocabulary();
  return (
    <li className={`review-item${open ? ' review-item--open' : ''}`} data-testid="edit-item">
      <div className="review-item__body">
        <p className="edit-item__title">
          {e.new_subject ? <span>{title}</span> : <Link to={EDIT_TAB_WORDS[subject].link(e.subject_id)}>{title}</Link>}
          <NewSubjectChip edit={e} />
          {e.stale && (
            <span className="chip chip--warning">
              {t.rich('review.edits.stale', { hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
            </span>
          )}
        </p>
        <p className="row-list__meta">
          {e.submitter.display_name} · <time dateTime={e.created_at}>{formatDate(e.created_at)}</time>
        </p>
        <p className="review-item__notes">
          {t(e.new_subject ? 'review.edits.withFields' : 'review.edits.changesFields', { fields: fieldList(e.fields, subject, vocabulary) })}
        </p>
      </div>
      <button
        type="button"
        className="button button--tonal button--small"
        onClick={onOpen}
        aria-expanded={open}
        aria-label={t(e.new_subject ? 'review.edits.reviewNewArtist' : 'review.edits.reviewEdit', { title })}
      >
        {t('review.edits.review')}
      </button>
    </li>
  );
}
