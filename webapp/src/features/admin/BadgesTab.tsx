/**
 * Badges: the whole catalogue, deactivated badges too, with what earns each, how many accounts
 * hold it and whether it is still awarded; a form to define a badge (awarded at once to whoever
 * qualifies) or change one, whose fields show the server's refusals (`details.field`) beside
 * them; deactivation (awards made stay) and reactivation.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorField, errorMessage, isApiError } from '../../api/errors';
import type { BadgeRule, BadgeRuleKind, CatalogueBadge } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { ColumnHeads } from '../../components/ColumnHeads';
import { Dialog, FormDialogActions } from '../../components/Dialog';
import { LabelledSelect, ValueOptions } from '../../components/Select';
import { EmptyState, ErrorNote, QueryState, Spinner } from '../../components/states';
import { BADGE_LIMITS } from '../../config/constants';
import { t as translate, useT, type MessageKey } from '../../i18n';
import { successShown, toastShown } from '../../lib/ui';
import { useChangeBadgeMutation, useDeactivateBadgeMutation, useDefineBadgeMutation, useGetAdminBadgesQuery } from './adminApi';
import { TabSection } from './AdminParts';

/** What each rule counts, and what its threshold is called. */
export const RULE_KINDS: Record<BadgeRuleKind, { label: MessageKey; threshold: 'at_least' | 'days' | null }> = {
  approved_submissions: { label: 'admin.badges.rule.approvedSubmissions', threshold: 'at_least' },
  photos: { label: 'admin.badges.rule.photos', threshold: 'at_least' },
  visits: { label: 'admin.badges.rule.visits', threshold: 'at_least' },
  approved_edits: { label: 'admin.badges.rule.approvedEdits', threshold: 'at_least' },
  areas: { label: 'admin.badges.rule.areas', threshold: 'at_least' },
  account_age: { label: 'admin.badges.rule.accountAge', threshold: 'days' },
  gaps_filled: { label: 'admin.badges.rule.gapsFilled', threshold: 'at_least' },
  areas_finished: { label: 'admin.badges.rule.areasFinished', threshold: 'at_least' },
  email_verified: { label: 'admin.badges.rule.emailVerified', threshold: null },
};
const KINDS = Object.keys(RULE_KINDS) as BadgeRuleKind[];

/** The form's fields, named as the server names them in `details.field`. */
type Field = 'badge_key' | 'title' | 'description' | 'icon_emoji' | 'rule';
type Problems = Partial<Record<Field, string>>;

interface Values {
  badge_key: string;
  title: string;
  description: string;
  icon_emoji: string;
  kind: BadgeRuleKind;
  threshold: string;
}

const chars = (s: string) => [...s].length;

function thresholdOf(rule: BadgeRule): string {
  if ('at_least' in rule) return String(rule.at_least);
  if ('days' in rule) return String(rule.days);
  return '1';
}

export function ruleOf(kind: BadgeRuleKind, threshold: number): BadgeRule {
  switch (kind) {
    case 'email_verified':
      return { kind };
    case 'account_age':
      return { kind, days: threshold };
    default:
      return { kind, at_least: threshold };
  }
}

/** The server's rules (SPEC §6 badge management), checked before sending. */
export function badgeProblems(v: Values, creating: boolean): Problems {
  const p: Problems = {};
  const key = v.badge_key.trim();
  if (creating && !/^[a-z0-9_]+$/.test(key)) p.badge_key = translate('admin.badges.keyCharacters');
  if (creating && (key.length < 1 || key.length > BADGE_LIMITS.keyMax)) p.badge_key = translate('admin.badges.keyLength', { max: BADGE_LIMITS.keyMax });
  /** `name` picks the field's words in the messages: title, description or icon. */
  const bounded = (field: Field, value: string, max: number, name: 'title' | 'description' | 'icon') => {
    if (!value.trim()) p[field] = translate('admin.badges.fieldRequired', { field: name });
    else if (chars(value.trim()) > max) p[field] = translate('admin.badges.fieldTooLong', { field: name, max });
  };
  bounded('title', v.title, BADGE_LIMITS.titleMax, 'title');
  bounded('description', v.description, BADGE_LIMITS.descriptionMax, 'description');
  bounded('icon_emoji', v.icon_emoji, BADGE_LIMITS.iconMax, 'icon');
  if (RULE_KINDS[v.kind].threshold) {
    const t = Number(v.threshold);
    if (!Number.isInteger(t) || t < 1 || t > BADGE_LIMITS.thresholdMax) {
      p.rule = translate('admin.badges.thresholdRange', { max: BADGE_LIMITS.thresholdMax });
    }
  }
  return p;
}

export function BadgesTab() {
  const t = useT();
  const dispatch = useAppDispatch();
  const query = useGetAdminBadgesQuery();
  const [editing, setEditing] = useState<CatalogueBadge | 'new' | null>(null);
  const [deactivate] = useDeactivateBadgeMutation();
  const [change] = useChangeBadgeMutation();
  const [busy, setBusy] = useState<string | null>(null);

  const setActive = async (b: CatalogueBadge, active: boolean) => {
    setBusy(b.badge_id);
    try {
      if (active) {
        await change({
          id: b.badge_id,
          change: { title: b.title, description: b.description, icon_emoji: b.icon_emoji, rule: b.rule, active: true },
        }).unwrap();
      } else {
        await deactivate(b.badge_id).unwrap();
      }
      const done = translate(active ? 'admin.badges.reactivated' : 'admin.badges.deactivated', { title: b.title });
      dispatch(successShown(done));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: errorMessage(e, translate('admin.badges.changeFailed', { title: b.title })) }));
    } finally {
      setBusy(null);
    }
  };

  const badges = query.data;
  return (
    <TabSection
      slug="badges"
      title={t('admin.badges.title')}
      controls={
        <button type="button" className="button button--filled" onClick={() => setEditing('new')}>
          {t('admin.badges.new')}
        </button>
      }
    >
      <QueryState query={query} loadingLabel={t('admin.badges.loading')} failedTitle={t('admin.badges.failed')}>
        {badges && badges.length === 0 && <EmptyState title={t('admin.badges.empty')} icon="badge" />}
        {badges && badges.length > 0 && (
          <div className="table-scroll">
            <table className="table table--cards" data-testid="badges-table">
              <caption className="visually-hidden">{t('admin.badges.caption')}</caption>
              <ColumnHeads columns={[t('admin.badges.col.badge'), t('admin.badges.col.earnedFor'), t('admin.badges.col.awarded'), t('admin.badges.col.state'), t('admin.badges.col.actions')]} />
              <tbody>
                {badges.map((b) => (
                  <tr key={b.badge_id} data-testid="badge-row" data-badge-key={b.badge_key} className={b.active ? undefined : 'admin-badge--inactive'}>
                    <th scope="row">
                      <span className="admin-badge__title">
                        <span aria-hidden="true">{b.icon_emoji}</span> {b.title}
                      </span>
                      <code className="muted small">{b.badge_key}</code>
                      <span className="muted small admin-badge__description">{b.description}</span>
                    </th>
                    <td data-label={t('admin.badges.col.earnedFor')}>{b.award_reason}</td>
                    <td data-label={t('admin.badges.col.awarded')}>{t('admin.badges.awards', { count: b.award_count })}</td>
                    <td data-label={t('admin.badges.col.state')}>
                      <span className={`chip chip--small${b.active ? ' chip--approved' : ''}`}>
                        {b.active ? t('admin.badges.active') : t('admin.badges.inactive')}
                      </span>
                    </td>
                    <td data-label={t('admin.badges.col.actions')}>
                      <div className="button-row">
                        <button
                          type="button"
                          className="button button--text button--small"
                          onClick={() => setEditing(b)}
                          aria-label={t('admin.badges.editTitle', { title: b.title })}
                        >
                          {t('common.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button--outlined button--small"
                          onClick={() => void setActive(b, !b.active)}
                          disabled={busy === b.badge_id}
                          aria-label={t(b.active ? 'admin.badges.deactivateTitle' : 'admin.badges.reactivateTitle', { title: b.title })}
                        >
                          {busy === b.badge_id && <Spinner />} {b.active ? t('admin.badges.deactivate') : t('admin.badges.reactivate')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {editing && <BadgeForm badge={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </TabSection>
  );
}

/** Defines a badge (`badge` null) or changes one; the key is chosen once and never changes. */
function BadgeForm({ badge, onClose }: { badge: CatalogueBadge | null; onClose: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const creating = badge === null;
  const [define, defining] = useDefineBadgeMutation();
  const [change, changing] = useChangeBadgeMutation();
  const busy = defining.isLoading || changing.isLoading;
  const [values, setValues] = useState<Values>(() => ({
    badge_key: badge?.badge_key ?? '',
    title: badge?.title ?? '',
    description: badge?.description ?? '',
    icon_emoji: badge?.icon_emoji ?? '',
    kind: badge?.rule.kind ?? 'approved_submissions',
    threshold: badge ? thresholdOf(badge.rule) : '1',
  }));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  /** A text field's value, its change and its problem. */
  const text = (k: 'badge_key' | 'title' | 'description' | 'icon_emoji') => ({ value: values[k], onChange: set(k), error: problems[k] });
  const threshold = RULE_KINDS[values.kind].threshold;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = badgeProblems(values, creating);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const look = { title: values.title.trim(), description: values.description.trim(), icon_emoji: values.icon_emoji.trim() };
    const rule = ruleOf(values.kind, Number(values.threshold));
    try {
      if (creating) await define({ badge_key: values.badge_key.trim(), ...look, rule }).unwrap();
      else await change({ id: badge.badge_id, change: { ...look, rule } }).unwrap();
    } catch (err) {
      const field = errorField(err);
      const message = errorMessage(err, translate('admin.badges.saveFailed'));
      if (isApiError(err) && err.status === 409 && creating) setProblems({ badge_key: message });
      else if (field && ['badge_key', 'title', 'description', 'icon_emoji', 'rule'].includes(field)) setProblems({ [field]: message });
      else setFailure(message);
      return;
    }
    const done = translate(creating ? 'admin.badges.defined' : 'admin.badges.saved', { title: look.title });
    dispatch(successShown(done));
    onClose();
  };

  return (
    <Dialog open title={creating ? t('admin.badges.new') : t('admin.badges.editTitle', { title: badge.title })} onClose={() => !busy && onClose()}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined} className="badge-form">
        {creating ? (
          <TextField label={t('admin.badges.key')} hint={t('admin.badges.keyHint')} {...text('badge_key')} autoFocus />
        ) : (
          <p className="muted small">{t.rich('admin.badges.keyIs', { key: <code>{badge.badge_key}</code> })}</p>
        )}
        <TextField label={t('admin.badges.titleLabel')} {...text('title')} max={BADGE_LIMITS.titleMax} autoFocus={!creating} />
        <TextField label={t('admin.badges.description')} {...text('description')} max={BADGE_LIMITS.descriptionMax} multiline />
        <TextField label={t('admin.badges.icon')} {...text('icon_emoji')} />
        <fieldset className="fieldset">
          <legend>{t('admin.badges.col.earnedFor')}</legend>
          <LabelledSelect label={t('admin.badges.rule')} value={values.kind} onChange={set('kind')}>
            <ValueOptions values={KINDS} label={(k) => t(RULE_KINDS[k].label)} />
          </LabelledSelect>
          {threshold ? (
            <TextField
              label={threshold === 'days' ? t('admin.badges.days') : t('admin.badges.atLeast')}
              type="number"
              value={values.threshold}
              onChange={set('threshold')}
              error={problems.rule}
            />
          ) : (
            problems.rule && (
              <p className="field__error" role="alert">
                {problems.rule}
              </p>
            )
          )}
        </fieldset>
        {creating && <p className="muted small">{t('admin.badges.qualifyNow')}</p>}
        <FormDialogActions submitLabel={creating ? t('admin.badges.define') : t('common.save')} onCancel={onClose} busy={busy} failure={failure} />
      </form>
    </Dialog>
  );
}

function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  max,
  multiline = false,
  type = 'text',
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string | undefined;
  hint?: ReactNode;
  max?: number;
  multiline?: boolean;
  type?: 'text' | 'number';
  autoFocus?: boolean;
}) {
  const errorId = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const props = {
    value,
    onChange,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': true,
    autoFocus,
  };
  return (
    <>
      <label className="field">
        <span className="field__label">{label}</span>
        {multiline ? <textarea rows={3} {...props} /> : <input type={type} min={type === 'number' ? 1 : undefined} {...props} />}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {max !== undefined && (
        <p className={`field__counter${chars(value.trim()) > max ? ' field__counter--over' : ''}`}>
          {chars(value.trim())}/{max}
        </p>
      )}
      <ErrorNote id={errorId}>{error}</ErrorNote>
    </>
  );
}
