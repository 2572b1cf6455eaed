/**
 * Help nearby (issue 33), at the top of /help: the quick tasks around a place, what the approved
 * artworks nearest to it lack (a photo or a newer one, who made it, its type, its year, a look at
 * one reported missing), nearest first. The
 * place is the map's last view in this tab, else the instance's default centre, or the person's
 * location once they ask for it. Each task opens the smallest form that answers it, in its row:
 * a photo is a visit (the logbook page); the others propose one field as the artwork edit form
 * would (checked by the server first, then waiting for a moderator), signed in. Once sent, the
 * task leaves the list at once, and the list read again (X-Min-Position) no longer has it.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useProposeArtworkEditMutation, useValidateArtworkEditMutation } from '../../api/artworkApi';
import { useMapSettings } from '../../api/configApi';
import { selectIsAuthenticated } from '../../api/session';
import { useTagVocabulary } from '../../api/tagSchemaApi';
import type { FieldProblem, Gap, OtherArtwork, TaskDto } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ArtistPicker, isKnownArtist } from '../../components/ArtistPicker';
import { FieldFrame, describedByOf, useEditSubmission } from '../../components/EditForm';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';
import { ValueOptions } from '../../components/Select';
import { SignInButton } from '../../components/SignInRequired';
import { FieldWithError, useFocusOnProblem } from '../../components/SubmissionParts';
import { ErrorNote, InlineFailure, Loading, Skeleton, Spinner, loadingUntil } from '../../components/states';
import { TagValueField } from '../../components/TagValueField';
import { TASKS } from '../../config/constants';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { formatDistance } from '../../lib/geo';
import { useGeolocation } from '../../lib/geolocation';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../../lib/map/artworkTypes';
import { savedMapView } from '../../lib/savedView';
import { labelForKey, tagValueProblem } from '../../lib/tagGroups';
import { feedbackOpened } from '../../lib/ui';
import { ANSWER_FIELDS, answerEdits, answerValue, emptyAnswer, isAnswerable, type Answer, type Answerable } from './answers';
import { dropTask, tasksAround, useGetNearbyTasksQuery } from './helpApi';

/** What each task asks. */
const ASKS: Record<Gap, MessageKey> = {
  missing: 'help.nearby.ask.missing',
  photo: 'help.nearby.ask.photo',
  old_photo: 'help.nearby.ask.oldPhoto',
  duplicate: 'help.nearby.ask.duplicate',
  artist: 'help.nearby.ask.artist',
  artwork_type: 'help.nearby.ask.artworkType',
  year: 'help.nearby.ask.year',
};

/** Where the tasks are looked for: the person's location, the map's last view, or the map's default centre. */
type Around = 'device' | 'map' | 'default';

const AROUND: Record<Around, MessageKey> = {
  device: 'help.nearby.around.device',
  map: 'help.nearby.around.map',
  default: 'help.nearby.around.default',
};

/** Why nothing can be sent yet, for each gap answered in place. */
const REQUIRED: Record<Answerable, MessageKey> = {
  artist: 'help.nearby.required.artist',
  artwork_type: 'help.nearby.required.artworkType',
  year: 'help.nearby.required.year',
};

/** An answer is a type the registry names: `other` is what the task is about. */
const ANSWER_TYPES = ARTWORK_TYPES.filter((type) => type !== 'other');

const taskKey = (task: TaskDto) => `${task.artwork_id}:${task.gap}`;

export function HelpNearby() {
  const t = useT();
  const dispatch = useAppDispatch();
  const settings = useMapSettings();
  const [saved] = useState(savedMapView);
  const geo = useGeolocation();
  const [device, setDevice] = useState<{ lat: number; lng: number } | null>(null);
  const around: Around | null = device ? 'device' : saved ? 'map' : settings ? 'default' : null;
  const place = device ?? saved ?? settings?.defaultView ?? null;
  const args = place ? tasksAround(place.lat, place.lng) : null;
  const query = useGetNearbyTasksQuery(args ?? skipToken);
  const { isLoading } = loadingUntil(query, query.currentData);
  const [open, setOpen] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  const [sent, setSent] = useState('');
  const sentRef = useRef<HTMLParagraphElement>(null);

  const locate = async () => {
    const p = await geo.locate();
    if (p) setDevice({ lat: p.latitude, lng: p.longitude });
  };
  const toggle = (key: string) => {
    setSent('');
    setOpen((o) => (o === key ? null : key));
  };
  const answered = (task: TaskDto, thanks: MessageKey = 'help.nearby.sent') => {
    setOpen(null);
    setSent(t(thanks));
    if (args) dispatch(dropTask(args, task));
    // The row that had the focus is gone: the thanks take it.
    sentRef.current?.focus();
  };

  const tasks = query.currentData?.tasks ?? [];
  let body: ReactNode;
  if (!args || isLoading) {
    body = (
      <Loading label={t('help.nearby.loading')}>
        <Skeleton lines={3} />
      </Loading>
    );
  } else if (query.isError) {
    body = <InlineFailure failed={t('help.nearby.failed')} error={query.error} onRetry={() => void query.refetch()} />;
  } else if (tasks.length === 0) {
    body = <p className="muted">{t('help.nearby.empty', { km: TASKS.radius / 1000 })}</p>;
  } else {
    const more = tasks.length > TASKS.shownFirst;
    body = (
      <>
        <ul id="help-nearby-tasks" className="row-list" aria-label={t('help.nearby.tasks')} aria-busy={query.isFetching}>
          {(all ? tasks : tasks.slice(0, TASKS.shownFirst)).map((task) => (
            <TaskRow
              key={taskKey(task)}
              task={task}
              open={open === taskKey(task)}
              onToggle={() => toggle(taskKey(task))}
              onAnswered={(thanks) => answered(task, thanks)}
            />
          ))}
        </ul>
        {more && (
          <button type="button" className="button button--text" aria-expanded={all} aria-controls="help-nearby-tasks" onClick={() => setAll(!all)}>
            {all ? t('help.nearby.showFewer', { count: TASKS.shownFirst }) : t('help.nearby.showAll', { count: tasks.length })}
          </button>
        )}
      </>
    );
  }

  return (
    <Section titleId="help-nearby-title" title={t('help.nearby.title')}>
      <div className="help-nearby__place">
        <p className="muted">{around && t(AROUND[around])}</p>
        <button type="button" className="button button--outlined button--small" onClick={() => void locate()} disabled={geo.status === 'loading'}>
          {geo.status === 'loading' ? <Spinner /> : <Icon name="myLocation" size={18} />} {t('help.nearby.useMine')}
        </button>
      </div>
      <ErrorNote>{geo.error}</ErrorNote>
      <p ref={sentRef} className="help-nearby__sent" role="status" tabIndex={-1}>
        {sent && (
          <>
            <Icon name="check" size={18} /> {sent}
          </>
        )}
      </p>
      {body}
    </Section>
  );
}

function TaskRow({
  task,
  open,
  onToggle,
  onAnswered,
}: {
  task: TaskDto;
  open: boolean;
  onToggle: () => void;
  onAnswered: (thanks?: MessageKey) => void;
}) {
  const t = useT();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const title = task.title.trim() || t('components.artwork.untitled');
  const ask = task.other ? t('help.nearby.ask.duplicateOf', { other: task.other.title, distance: formatDistance(task.other.distance_m) }) : t(ASKS[task.gap]);
  const answerId = `help-task-${task.artwork_id}-${task.gap}`;
  return (
    <li className="row-list__item help-task" data-testid="help-task">
      <div className="help-task__summary">
        <span className="row-list__text">
          <Link className="row-list__title" to={to.artwork(task.artwork_id)}>
            {title}
          </Link>
          <span className="row-list__meta">
            {ask} · {t('help.nearby.away', { distance: formatDistance(task.distance_m) })}
          </span>
        </span>
        {task.other ? (
          <TwinAnswers task={task} other={task.other} title={title} onNotSame={() => onAnswered('help.nearby.notSameThanks')} />
        ) : !isAnswerable(task.gap) ? (
          <VisitAnswers task={task} title={title} />
        ) : (
          <button
            type="button"
            className="button button--tonal button--small"
            aria-expanded={open}
            aria-controls={answerId}
            aria-label={t('help.nearby.answerTo', { ask, title })}
            onClick={onToggle}
          >
            {t('help.nearby.answer')}
          </button>
        )}
      </div>
      {isAnswerable(task.gap) && (
        <div id={answerId} className="help-task__answer" hidden={!open}>
          {open &&
            (signedIn ? (
              <AnswerForm task={task} gap={task.gap} label={t('help.nearby.answerTo', { ask, title })} onSent={() => onAnswered()} onCancel={onToggle} />
            ) : (
              <div className="help-task__sign-in">
                <p>{t('help.nearby.signIn')}</p>
                <SignInButton>{t('help.nearby.signInButton')}</SignInButton>
              </div>
            ))}
        </div>
      )}
    </li>
  );
}

/**
 * What answers a task by going there: a visit with a photo (the logbook page); for an artwork
 * reported missing, that visit says it is still there, and a report of one's own (the feedback
 * dialog in missing mode) that it is gone.
 */
function VisitAnswers({ task, title }: { task: TaskDto; title: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const missing = task.gap === 'missing';
  return (
    <span className="help-task__actions">
      <Link
        className="button button--tonal button--small"
        to={to.logbook(task.artwork_id)}
        aria-label={t(missing ? 'help.nearby.stillThereTo' : 'help.nearby.logVisitTo', { title })}
      >
        <Icon name="camera" size={18} /> {t(missing ? 'help.nearby.stillThere' : 'help.nearby.logVisit')}
      </Link>
      {missing && (
        <button
          type="button"
          className="button button--outlined button--small"
          aria-label={t('help.nearby.goneTo', { title })}
          onClick={() => dispatch(feedbackOpened({ subjectType: 'artwork', subjectId: task.artwork_id, issueType: 'missing' }))}
        >
          {t('help.nearby.gone')}
        </button>
      )}
    </span>
  );
}

/**
 * What answers whether two artworks side by side are one: "Same artwork" opens the feedback
 * dialog with a note naming the other (the moderators merge; the task is then asked of no one
 * else), "Not the same" takes it off this list.
 */
function TwinAnswers({ task, other, title, onNotSame }: { task: TaskDto; other: OtherArtwork; title: string; onNotSame: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const note = t('help.nearby.sameNote', { other: other.title, path: to.artwork(other.artwork_id) });
  return (
    <span className="help-task__actions">
      <Link className="button button--text button--small" to={to.artwork(other.artwork_id)}>
        {t('help.nearby.seeOther', { other: other.title })}
      </Link>
      <button
        type="button"
        className="button button--tonal button--small"
        aria-label={t('help.nearby.sameTo', { title, other: other.title })}
        onClick={() => dispatch(feedbackOpened({ subjectType: 'artwork', subjectId: task.artwork_id, issueType: 'comment', note }))}
      >
        {t('help.nearby.same')}
      </button>
      <button type="button" className="button button--outlined button--small" aria-label={t('help.nearby.notSameTo', { title, other: other.title })} onClick={onNotSame}>
        {t('help.nearby.notSame')}
      </button>
    </span>
  );
}

/**
 * The one field that answers `task` (its `gap`) and its buttons: the form's own check first
 * (something chosen, a year the tag schema takes), then the server's check and the proposal,
 * whose problems show at the field (or, about anything else, under it).
 */
function AnswerForm({
  task,
  gap,
  label,
  onSent,
  onCancel,
}: {
  task: TaskDto;
  gap: Answerable;
  label: string;
  onSent: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const vocabulary = useTagVocabulary();
  const [answer, setAnswer] = useState<Answer>(() => emptyAnswer(gap));
  const [validate] = useValidateArtworkEditMutation();
  const [propose] = useProposeArtworkEditMutation();
  const field = ANSWER_FIELDS[gap];
  const id = task.artwork_id;
  const check = (): FieldProblem[] => {
    if (answerEdits(answer).length === 0) return [{ field, message: t(REQUIRED[gap]) }];
    const problem = answer.gap === 'year' ? tagValueProblem('year', answer.year, vocabulary) : null;
    return problem ? [{ field, message: problem }] : [];
  };
  const flow = useEditSubmission({
    subject: 'artwork',
    idPrefix: `answer-${id}`,
    validate: (body) => validate({ id, body }).unwrap(),
    propose: (body) => propose({ id, body }).unwrap(),
    onSent,
    check,
    valueAt: (f) => (f === field ? answerValue(answer) : undefined),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const othersRef = useRef<HTMLDivElement>(null);
  useFocusOnProblem(flow.attempt, formRef, othersRef);
  const fieldId = flow.idOf(field);
  const error = flow.errorAt(field);
  const others = flow.problems.filter((p) => p.field !== field);

  let control: ReactNode;
  switch (answer.gap) {
    case 'artist':
      control = (
        <ArtistPicker
          id={fieldId}
          value={answer.artists}
          onChange={(artists) => setAnswer({ gap: 'artist', artists: artists.filter(isKnownArtist) })}
          error={error}
        />
      );
      break;
    case 'artwork_type':
      control = (
        <FieldWithError id={fieldId} label={t('help.nearby.field.artworkType')} error={error} alert={false}>
          <select
            id={fieldId}
            value={answer.type ?? ''}
            onChange={(e) => setAnswer({ gap: 'artwork_type', type: isArtworkType(e.target.value) ? e.target.value : null })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          >
            <option value="">{t('help.nearby.chooseType')}</option>
            <ValueOptions values={ANSWER_TYPES} label={artworkTypeLabel} />
          </select>
        </FieldWithError>
      );
      break;
    case 'year':
      control = (
        <FieldFrame id={fieldId} label={labelForKey('year', vocabulary)} value={answer.year} error={error}>
          <TagValueField
            id={fieldId}
            definition={vocabulary.definitions.get('year')}
            value={answer.year}
            onChange={(year) => setAnswer({ gap: 'year', year })}
            invalid={Boolean(error)}
            describedBy={describedByOf(fieldId, undefined, error)}
          />
        </FieldFrame>
      );
      break;
  }

  return (
    <form
      ref={formRef}
      className="form help-task__form"
      aria-label={label}
      aria-busy={flow.sending}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void flow.submit(answerEdits(answer));
      }}
    >
      {control}
      {others.length > 0 && (
        <div ref={othersRef} className="notice notice--warning" role="alert" tabIndex={-1}>
          {others.map((p, i) => (
            <p key={i}>{p.message}</p>
          ))}
        </div>
      )}
      <p className="muted small">{t('help.nearby.reviewed')}</p>
      <div className="button-row">
        <button type="submit" className="button button--filled button--small" disabled={flow.sending}>
          {flow.sending && <Spinner />} {t('help.nearby.send')}
        </button>
        <button type="button" className="button button--text button--small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
