/**
 * Areas (issue 33): what people finish. The boundary file in force (its name, attribution and when
 * it was loaded), or grid cells of about 1 km while there is none; a form that loads a GeoJSON
 * file of neighbourhoods in its place (read and parsed as JSON in the browser, then sent whole,
 * the server's refusals shown at the field they are about); and clearing the file, once
 * confirmed, so areas are grid cells again.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useGetAreaFileQuery } from '../../api/areasApi';
import { errorField, errorMessage, isApiError } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmDialog } from '../../components/Dialog';
import { LabelledField } from '../../components/LabelledField';
import { ErrorNote, QueryState, Spinner } from '../../components/states';
import { AREA_LIMITS } from '../../config/constants';
import { t as translate, useT, type MessageKey } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { successShown, toastShown } from '../../lib/ui';
import { useClearAreasMutation, useLoadAreasMutation } from './adminApi';
import { TabSection } from './AdminParts';

/** What the file input takes. */
export const BOUNDARY_ACCEPT = '.geojson,.json,application/geo+json,application/json';

/** The form's fields; the server names the file `geojson` in `details.field`. */
type Field = 'file' | 'name' | 'attribution' | 'name_property';
type Problems = Partial<Record<Field, string>>;

interface Values {
  name: string;
  attribution: string;
  name_property: string;
}

const EMPTY: Values = { name: '', attribution: '', name_property: '' };

/** The form's text fields, in order: each one's label and hint, and whether it must be filled. */
const TEXT_FIELDS = [
  { key: 'name', label: 'admin.areas.fileName', hint: 'admin.areas.nameHint', required: true },
  { key: 'attribution', label: 'admin.areas.attribution', hint: 'admin.areas.attributionHint', required: true },
  { key: 'name_property', label: 'admin.areas.nameProperty', hint: 'admin.areas.namePropertyHint', required: false },
] as const satisfies ReadonlyArray<{ key: keyof Values; label: MessageKey; hint: MessageKey; required: boolean }>;

const chars = (s: string) => [...s.trim()].length;

/** What is wrong with the form before anything is sent (the server's rules for the name and attribution). */
export function boundaryProblems(file: File | null, v: Values): Problems {
  const p: Problems = {};
  if (!file) p.file = translate('admin.areas.chooseFile');
  else if (file.size > AREA_LIMITS.fileBytes) p.file = translate('admin.areas.tooLarge', { size: AREA_LIMITS.fileBytes / (1024 * 1024) });
  const bounded = (field: 'name' | 'attribution', max: number) => {
    if (!v[field].trim()) p[field] = translate('admin.areas.required', { field });
    else if (chars(v[field]) > max) p[field] = translate('admin.areas.tooLong', { field, max });
  };
  bounded('name', AREA_LIMITS.nameMax);
  bounded('attribution', AREA_LIMITS.attributionMax);
  return p;
}

/** The file's contents as JSON, or why it is not. */
export async function readJson(file: File): Promise<{ json: unknown } | { problem: string }> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { problem: translate('admin.areas.unreadable') };
  }
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (e) {
    return { problem: translate('admin.areas.notJson', { reason: e instanceof Error ? e.message : String(e) }) };
  }
}

export function AreasTab() {
  const t = useT();
  const dispatch = useAppDispatch();
  const file = useGetAreaFileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [clear, clearing] = useClearAreasMutation();
  const [confirming, setConfirming] = useState(false);

  const onClear = async () => {
    setConfirming(false);
    try {
      await clear().unwrap();
      dispatch(successShown(translate('admin.areas.cleared')));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: errorMessage(e, translate('admin.areas.clearFailed')) }));
    }
  };

  const inForce = file.data;
  return (
    <>
      <TabSection slug="areas" title={t('admin.areas.title')}>
        <p>{t('admin.areas.intro')}</p>
        <h3 className="section__subtitle">{t('admin.areas.inForce')}</h3>
        <QueryState query={file} loadingLabel={t('admin.areas.loading')} failedTitle={t('admin.areas.failed')} lines={2}>
          {inForce ? (
            <>
              <dl className="admin-areas__file" data-testid="area-file">
                <dt>{t('admin.areas.fileName')}</dt>
                <dd>{inForce.name}</dd>
                <dt>{t('admin.areas.attribution')}</dt>
                <dd>{inForce.attribution}</dd>
                <dt>{t('admin.areas.loadedAt')}</dt>
                <dd>{formatDateTime(inForce.loaded_at)}</dd>
              </dl>
              <button type="button" className="button button--outlined" onClick={() => setConfirming(true)} disabled={clearing.isLoading}>
                {clearing.isLoading && <Spinner />} {t('admin.areas.clear')}
              </button>
            </>
          ) : (
            <p data-testid="area-file">{t('admin.areas.grid')}</p>
          )}
        </QueryState>
      </TabSection>
      <BoundaryForm />
      <ConfirmDialog
        open={confirming}
        title={t('admin.areas.clearTitle')}
        message={t('admin.areas.clearMessage', { name: inForce?.name ?? '' })}
        confirmLabel={t('admin.areas.clear')}
        onConfirm={() => void onClear()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Loads a boundary file in place of the one in force. */
function BoundaryForm() {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<number | null>(null);
  const [reading, setReading] = useState(false);
  const [load, loading] = useLoadAreasMutation();
  const busy = reading || loading.isLoading;
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), fileHint: useId(), fileError: useId() };

  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    setLoaded(null);
    const found = boundaryProblems(file, values);
    setProblems(found);
    if (!file || Object.keys(found).length > 0) return;
    setReading(true);
    const read = await readJson(file);
    setReading(false);
    if ('problem' in read) {
      setProblems({ file: read.problem });
      return;
    }
    const nameProperty = values.name_property.trim();
    try {
      const answer = await load({
        name: values.name.trim(),
        attribution: values.attribution.trim(),
        ...(nameProperty ? { name_property: nameProperty } : {}),
        geojson: read.json,
      }).unwrap();
      setLoaded(answer.areas);
      setValues(EMPTY);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      const field = errorField(err);
      const message = errorMessage(err, translate('admin.areas.loadFailed'));
      if (field === 'geojson' || (isApiError(err) && err.status === 413)) setProblems({ file: message });
      else if (field === 'name' || field === 'attribution' || field === 'name_property') setProblems({ [field]: message });
      else setFailure(message);
    }
  };

  return (
    <TabSection slug="areas-load" title={t('admin.areas.loadTitle')} className="admin-areas__load">
      <form className="admin-areas__form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <LabelledField htmlFor={ids.file} label={t('admin.areas.file')}>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept={BOUNDARY_ACCEPT}
            aria-describedby={[ids.fileHint, problems.file ? ids.fileError : null].filter(Boolean).join(' ')}
            aria-invalid={problems.file ? true : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblems(({ file: _file, ...rest }) => rest);
            }}
          />
          <p id={ids.fileHint} className="field__hint">
            {t('admin.areas.fileHint', { size: AREA_LIMITS.fileBytes / (1024 * 1024) })}
          </p>
          <ErrorNote id={ids.fileError}>{problems.file}</ErrorNote>
        </LabelledField>
        {TEXT_FIELDS.map((f) => (
          <TextField key={f.key} label={t(f.label)} hint={t(f.hint)} value={values[f.key]} onChange={set(f.key)} error={problems[f.key]} required={f.required} />
        ))}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--filled" disabled={busy}>
          {busy && <Spinner />} {t('admin.areas.load')}
        </button>
        <p className="muted" role="status" aria-live="polite">
          {reading ? t('admin.areas.reading') : loading.isLoading ? t('admin.areas.sending') : loaded !== null ? t('admin.areas.loaded', { count: loaded }) : ''}
        </p>
      </form>
    </TabSection>
  );
}

/** A text field with its hint and, when there is one, its problem (announced). */
function TextField({
  label,
  hint,
  value,
  onChange,
  error,
  required = false,
}: {
  label: string;
  hint: ReactNode;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <LabelledField htmlFor={id} label={label}>
      <input
        id={id}
        type="text"
        value={value}
        onChange={onChange}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      />
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <ErrorNote id={errorId}>{error}</ErrorNote>
    </LabelledField>
  );
}
