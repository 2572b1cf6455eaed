/**
 * The mapping of an uploaded file, as a form: what the dataset is, which field is the id, where
 * the point is, which fields are the title and the rest, the publisher's types and statuses
 * onto ours, and other fields kept as tags. Beside each field chosen, what it holds (how many
 * distinct values, the most frequent ones); the type and status tables offer the field's most
 * frequent values as their rows. Controlled: `value` is the server's `Mapping`
 * object, and every change hands `onChange` a copy with one key changed (`importMapping.ts`), so
 * what the form does not show goes back untouched. Each control the server guessed shows why
 * (its note) while it still holds the guess; the server's refusal of a key shows beside it.
 *
 * Kept in one file on purpose: every control edits the one `Mapping` through one `onChange`, and
 * its sections read top to bottom in the order of the mapping file.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { LabelledField } from '../../components/LabelledField';
import { LabelledSelect, OptionList, ValueOptions, type Option } from '../../components/Select';
import { useT, type MessageKey } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';
import './import-columns.css';
import {
  COORDINATE_MODES,
  coordinateMode,
  distinctText,
  idMode,
  keyOf,
  setCoordinateMode,
  setDataset,
  setIdMode,
  setKey,
  setMapped,
  setMappedColumn,
  setTags,
  tagRows,
  toggleHashed,
  unmappedValues,
  type CoordinateMode,
  type Section,
  type TagRow,
} from './importMapping';
import { OUR_TYPES, SOURCE_STATUSES, STATUS_LABELS, type ColumnValues, type ImportPreview, type Mapping } from './importTypes';

/** The "— none —" option's value: the key is left out of the mapping. */
const NONE = '';

/** Most frequent values shown beside a field chosen. */
const VALUES_SHOWN = 5;

/** A number of records, or a dash when it is not known. */
const formatCount = (count: number | undefined) => (count === undefined ? '—' : formatNumber(count));

/** A bound of the box as the language writes decimals ("45.3", "45,3"). */
const degrees = (value: number | undefined) => (value === undefined ? '' : formatNumber(value, { maximumFractionDigits: 20, useGrouping: false }));

/** The fields a select maps, with their labels. */
const FIELD_KEYS = [
  { key: 'title', label: 'admin.mapping.field.title' },
  { key: 'description', label: 'admin.mapping.field.description' },
  { key: 'artists', label: 'admin.mapping.field.artists' },
  { key: 'year', label: 'admin.mapping.field.year' },
  { key: 'material', label: 'admin.mapping.field.material' },
  { key: 'address', label: 'admin.mapping.field.address' },
  { key: 'url', label: 'admin.mapping.field.url' },
  { key: 'photo', label: 'admin.mapping.field.photo' },
] as const satisfies ReadonlyArray<{ key: string; label: MessageKey }>;

const DATASET_KEYS = [
  { key: 'key', label: 'admin.mapping.dataset.key', hint: 'admin.mapping.dataset.keyHint' },
  { key: 'name', label: 'admin.mapping.dataset.name', hint: 'admin.mapping.dataset.nameHint' },
  { key: 'place', label: 'admin.mapping.dataset.place', hint: 'admin.mapping.dataset.placeHint' },
  { key: 'licence', label: 'admin.mapping.dataset.licence', hint: 'admin.mapping.dataset.licenceHint' },
  { key: 'attribution', label: 'admin.mapping.dataset.attribution', hint: 'admin.mapping.dataset.attributionHint' },
  { key: 'source_url', label: 'admin.mapping.dataset.sourceUrl', hint: 'admin.mapping.dataset.sourceUrlHint' },
] as const satisfies ReadonlyArray<{ key: string; label: MessageKey; hint: MessageKey }>;

export interface MappingRefusal {
  /** The key the server named (`dataset.licence`), when it named one. */
  key: string | null;
  message: string;
}

export function MappingForm({
  preview,
  value,
  onChange,
  refusal,
  disabled = false,
}: {
  preview: ImportPreview;
  value: Mapping;
  onChange: (next: Mapping) => void;
  refusal: MappingRefusal | null;
  disabled?: boolean;
}) {
  const t = useT();
  const original = preview.mapping;
  const columns = preview.columns;
  /** The note for `key` while the control still holds what was guessed. */
  const noteFor = (key: string, current: string, guessed: string) => (current === guessed ? preview.notes[key] : undefined);
  /** The refusal's message beside the control it names (the dataset's facts, the separator). */
  const errorFor = (key: string) => (refusal?.key === key ? refusal.message : undefined);
  /** The refusal's message at the top of its section, when no control of the section shows it. */
  const sectionError = (section: string) => {
    const key = refusal?.key;
    if (!refusal || !key || key.split('.')[0] !== section) return undefined;
    return key === 'fields.artist_separator' ? undefined : refusal.message;
  };
  const typeOptions = OUR_TYPES.map((type) => ({ value: type, label: artworkTypeLabel(type) }));
  const column = (section: Section, key: string, label: string) => {
    const current = keyOf(value, section, key);
    return (
      <ColumnSelect
        key={`${section}.${key}`}
        label={label}
        value={current}
        columns={columns}
        values={preview.column_values[current]}
        note={noteFor(`${section}.${key}`, current, keyOf(original, section, key))}
        onChange={(v) => onChange(setKey(value, section, key, v))}
      />
    );
  };

  return (
    <fieldset className="import-mapping" disabled={disabled}>
      <legend className="visually-hidden">{t('admin.mapping.legend')}</legend>

      <fieldset className="fieldset">
        <legend>{t('admin.mapping.dataset.legend')}</legend>
        <div className="import-grid">
          {DATASET_KEYS.map(({ key, label, hint }) => (
            <TextInput
              key={key}
              label={t(label)}
              value={value.dataset[key]}
              hint={t(hint)}
              type={key === 'source_url' ? 'url' : 'text'}
              error={errorFor(`dataset.${key}`)}
              onChange={(v) => onChange(setDataset(value, key, v))}
            />
          ))}
        </div>
      </fieldset>

      <IdFieldset preview={preview} value={value} onChange={onChange} error={sectionError('id')} />

      <CoordinatesFieldset preview={preview} value={value} onChange={onChange} column={column} error={sectionError('coordinates')} />

      <fieldset className="fieldset">
        <legend>{t('admin.mapping.fields')}</legend>
        <SectionError message={sectionError('fields')} />
        <div className="import-grid">
          {FIELD_KEYS.map(({ key, label }) => (
            <div key={key}>
              {column('fields', key, t(label))}
              {key === 'artists' && keyOf(value, 'fields', 'artists') !== '' && (
                <TextInput
                  label={t('admin.mapping.separator')}
                  value={keyOf(value, 'fields', 'artist_separator')}
                  hint={t('admin.mapping.separatorHint')}
                  error={errorFor('fields.artist_separator')}
                  onChange={(v) => onChange(setKey(value, 'fields', 'artist_separator', v))}
                />
              )}
            </div>
          ))}
        </div>
      </fieldset>

      <ValueMapFieldset
        section="type"
        preview={preview}
        value={value}
        onChange={onChange}
        options={typeOptions}
        error={sectionError('type')}
        extra={
          <SimpleSelect
            label={t('admin.mapping.type.default')}
            value={keyOf(value, 'type', 'default')}
            hint={t('admin.mapping.type.defaultHint')}
            options={typeOptions}
            onChange={(v) => onChange(setKey(value, 'type', 'default', v))}
          />
        }
      />

      <ValueMapFieldset
        section="status"
        preview={preview}
        value={value}
        onChange={onChange}
        options={SOURCE_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) }))}
        error={sectionError('status')}
        extra={<p className="muted small">{t('admin.mapping.status.otherValues')}</p>}
      />

      <TagsFieldset preview={preview} value={value} onChange={onChange} error={sectionError('tags')} />
    </fieldset>
  );
}

/** A refusal of the mapping shown in its section (the alert beside the buttons reads it out). */
function SectionError({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error import-section-error">
      {message}
    </p>
  );
}

/* ---- Sections ---- */

/** What every section of the form takes: the file's preview, the mapping, its setter and the section's refusal. */
interface SectionProps {
  preview: ImportPreview;
  value: Mapping;
  onChange: (next: Mapping) => void;
  error: string | undefined;
}

function IdFieldset({ preview, value, onChange, error }: SectionProps) {
  const t = useT();
  const name = useId();
  const errorId = useId();
  const mode = idMode(value);
  const hashed = new Set(value.id.hash_of ?? []);
  const current = value.id.column ?? '';
  const hashNote = preview.notes['id.hash_of'];
  const hashNoteId = useId();
  return (
    <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
      <legend>{t('admin.mapping.id.legend')}</legend>
      <div className="import-radios" role="radiogroup" aria-label={t('admin.mapping.id.is')}>
        <label className="checkbox">
          <input type="radio" name={name} checked={mode === 'column'} onChange={() => onChange(setIdMode(value, 'column'))} />{' '}
          {t('admin.mapping.id.field')}
        </label>
        <label className="checkbox">
          <input type="radio" name={name} checked={mode === 'hash'} onChange={() => onChange(setIdMode(value, 'hash'))} />{' '}
          {t('admin.mapping.id.hash')}
        </label>
      </div>
      {mode === 'column' ? (
        <ColumnSelect
          label={t('admin.mapping.id.column')}
          value={current}
          columns={preview.columns}
          values={preview.column_values[current]}
          note={current === (preview.mapping.id.column ?? '') ? preview.notes['id.column'] : undefined}
          onChange={(v) => onChange(setKey(value, 'id', 'column', v))}
        />
      ) : (
        <fieldset className="import-checks" aria-describedby={hashNote ? hashNoteId : undefined}>
          <legend className="field__label">{t('admin.mapping.id.hashed')}</legend>
          {hashNote && (
            <p id={hashNoteId} className="field__hint">
              {hashNote}
            </p>
          )}
          <div className="import-checks__list">
            {preview.columns.map((c) => (
              <label key={c} className="checkbox">
                <input type="checkbox" checked={hashed.has(c)} onChange={(e) => onChange(toggleHashed(value, c, e.target.checked, preview.columns))} />{' '}
                {c}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <SectionError message={error} id={errorId} />
    </fieldset>
  );
}

function CoordinatesFieldset({
  preview,
  value,
  onChange,
  column,
  error,
}: SectionProps & { column: (section: Section, key: string, label: string) => ReactNode }) {
  const t = useT();
  const mode = coordinateMode(value.coordinates);
  const guessed = coordinateMode(preview.mapping.coordinates);
  const bounds = value.coordinates.bounds;
  const errorId = useId();
  const projectionHint = useId();
  return (
    <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
      <legend>{t('admin.mapping.coordinates.legend')}</legend>
      <SimpleSelect
        label={t('admin.mapping.coordinates.from')}
        value={mode}
        options={COORDINATE_MODES.map((m) => ({ value: m.id, label: t(m.label) }))}
        none={false}
        hint={mode === 'geometry' && guessed === 'geometry' ? preview.notes['coordinates.geometry'] : undefined}
        onChange={(v) => onChange(setCoordinateMode(value, v as CoordinateMode))}
      />
      <div className="import-grid">
        {mode === 'lat_lon_fields' && (
          <>
            {column('coordinates', 'lat', t('admin.mapping.coordinates.lat'))}
            {column('coordinates', 'lon', t('admin.mapping.coordinates.lon'))}
          </>
        )}
        {mode === 'wkt' && column('coordinates', 'wkt', t('admin.mapping.coordinates.wkt'))}
        {mode === 'lat_lon_text' && column('coordinates', 'lat_lon', t('admin.mapping.coordinates.latLon'))}
        {mode === 'projected' && (
          <>
            {column('coordinates', 'x', t('admin.mapping.coordinates.x'))}
            {column('coordinates', 'y', t('admin.mapping.coordinates.y'))}
            <label className="field">
              <span className="field__label">{t('admin.mapping.coordinates.projection')}</span>
              <input
                value={keyOf(value, 'coordinates', 'projection')}
                // i18n-exempt: an example projection code, the same in every language
                placeholder="EPSG:2263"
                aria-describedby={projectionHint}
                onChange={(e) => onChange(setKey(value, 'coordinates', 'projection', e.target.value))}
              />
              <span id={projectionHint} className="field__hint">
                {t('admin.mapping.coordinates.projectionHint')}
              </span>
            </label>
          </>
        )}
      </div>
      {mode === 'geometry' && <p className="muted small">{t('admin.mapping.coordinates.geometry')}</p>}
      {Array.isArray(bounds) && bounds.length === 4 && (
        <p className="muted small">
          {t('admin.mapping.coordinates.bounds', {
            south: degrees(bounds[0]),
            west: degrees(bounds[1]),
            north: degrees(bounds[2]),
            east: degrees(bounds[3]),
          })}
        </p>
      )}
      <SectionError message={error} id={errorId} />
    </fieldset>
  );
}

type ValueMapSection = 'type' | 'status';

/** The words of a value map's fieldset; `unmapped` is the empty choice of a value not in the map, what such a value becomes. */
const VALUE_MAP_TEXT = {
  type: {
    legend: 'admin.mapping.type.legend',
    column: 'admin.mapping.type.column',
    unmapped: 'admin.mapping.type.unmapped',
    caption: 'admin.mapping.type.caption',
    ours: 'admin.mapping.type.ours',
  },
  status: {
    legend: 'admin.mapping.status.legend',
    column: 'admin.mapping.status.column',
    unmapped: 'admin.mapping.status.unmapped',
    caption: 'admin.mapping.status.caption',
    ours: 'admin.mapping.status.ours',
  },
} as const satisfies Record<ValueMapSection, Record<'legend' | 'column' | 'unmapped' | 'caption' | 'ours', MessageKey>>;

/** A field's values onto ours: the field, then a table of its values, with a row to add one. */
function ValueMapFieldset({
  section,
  preview,
  value,
  onChange,
  options,
  error,
  extra,
}: SectionProps & { section: ValueMapSection; options: Option[]; extra: ReactNode }) {
  const t = useT();
  const text = VALUE_MAP_TEXT[section];
  const legend = t(text.legend);
  const columnLabel = t(text.column);
  const unmapped = t(text.unmapped);
  const caption = t(text.caption);
  const ourHeader = t(text.ours);
  const current = keyOf(value, section, 'column');
  const map = (value[section]?.map ?? {}) as Record<string, string>;
  const entries = Object.entries(map);
  const values = current ? preview.column_values[current] : undefined;
  /** Records per value, as the importer compares them (trimmed, case ignored). */
  const counts = new Map((values?.top ?? []).map((t) => [t.value.trim().toLowerCase(), t.count]));
  const countOf = (v: string) => counts.get(v.trim().toLowerCase());
  const offered = unmappedValues(values, map);
  const listedOf = values ? values.distinct - values.top.length : 0;
  const [adding, setAdding] = useState('');
  const [addTo, setAddTo] = useState(options[0]?.value ?? '');
  const addId = useId();
  const errorId = useId();
  const add = () => {
    const v = adding.trim();
    if (!v) return;
    onChange(setMapped(value, section, v, addTo));
    setAdding('');
  };
  const onAddKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <SectionError message={error} id={errorId} />
      <div className="import-grid">
        <ColumnSelect
          label={columnLabel}
          value={current}
          columns={preview.columns}
          values={preview.column_values[current]}
          note={current === keyOf(preview.mapping, section, 'column') ? preview.notes[`${section}.column`] : undefined}
          onChange={(v) => onChange(setMappedColumn(value, preview.mapping, section, v))}
        />
        {extra}
      </div>
      {current !== '' && (
        <>
          <div className="table-scroll">
            <table className="table import-map-table">
              <caption>{caption}</caption>
              <ColumnHeads
                columns={[
                  t('admin.mapping.valueInFile'),
                  t('admin.mapping.records'),
                  ourHeader,
                  <span className="visually-hidden">
                    {t('admin.mapping.actions')}
                  </span>,
                ]}
              />
              <tbody>
                {entries.length === 0 && offered.length === 0 && (
                  <tr>
                    <td colSpan={4} className="muted">
                      {section === 'type' ? t('admin.mapping.type.noValues') : t('admin.mapping.status.noValues')}
                    </td>
                  </tr>
                )}
                {entries.map(([from, to]) => (
                  <tr key={from}>
                    <th scope="row">{from}</th>
                    <td className="import-map-table__count">{formatCount(countOf(from))}</td>
                    <td>
                      <select
                        aria-label={t('admin.mapping.mappedFor', { header: ourHeader, value: from })}
                        value={to}
                        onChange={(e) => onChange(setMapped(value, section, from, e.target.value))}
                      >
                        <OptionList options={options} />
                      </select>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--text button--small"
                        aria-label={t('admin.mapping.removeValue', { value: from })}
                        onClick={() => onChange(setMapped(value, section, from, null))}
                      >
                        {t('admin.mapping.remove')}
                      </button>
                    </td>
                  </tr>
                ))}
                {offered.map((top) => (
                  <tr key={`file:${top.value}`} className="import-map-table__offered" data-testid="import-offered-value">
                    <th scope="row">{top.value}</th>
                    <td className="import-map-table__count">{formatNumber(top.count)}</td>
                    <td>
                      <select
                        aria-label={t('admin.mapping.mappedFor', { header: ourHeader, value: top.value })}
                        value={NONE}
                        onChange={(e) => onChange(setMapped(value, section, top.value, e.target.value || null))}
                      >
                        <option value={NONE}>{unmapped}</option>
                        <OptionList options={options} />
                      </select>
                    </td>
                    <td />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {values && (listedOf > 0 || values.more) && (
            <p className="muted small">
              {t('admin.mapping.unlisted', { top: values.top.length, more: values.more ? 'yes' : 'no', others: listedOf })}
            </p>
          )}
          <div className="import-add-row" role="group" aria-labelledby={addId}>
            <span id={addId} className="visually-hidden">
              {t('admin.mapping.addTo', { section })}
            </span>
            <label className="field field--compact">
              <span className="field__label">{t('admin.mapping.valueInFile')}</span>
              <input value={adding} onChange={(e) => setAdding(e.target.value)} onKeyDown={onAddKey} />
            </label>
            <LabelledSelect label={ourHeader} className="field field--compact" value={addTo} onChange={(e) => setAddTo(e.target.value)}>
              <OptionList options={options} />
            </LabelledSelect>
            <button type="button" className="button button--outlined button--small" onClick={add} disabled={!adding.trim()}>
              {t('admin.mapping.addValue')}
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}

function TagsFieldset({ preview, value, onChange, error }: SectionProps) {
  const t = useT();
  const [rows, setRows] = useState<TagRow[]>(() => tagRows(value));
  const [nextId, setNextId] = useState(() => rows.length + 1);
  const update = (next: TagRow[]) => {
    setRows(next);
    onChange(setTags(value, next));
  };
  const guessedTags = preview.mapping.tags ?? {};
  const keys = rows.map((r) => r.key.trim()).filter(Boolean);
  const repeated = new Set(keys.filter((k, i) => keys.indexOf(k) !== i));
  return (
    <fieldset className="fieldset">
      <legend>{t('admin.mapping.tags.legend')}</legend>
      <SectionError message={error} />
      <p className="muted small">{t('admin.mapping.tags.hint')}</p>
      {rows.length > 0 && (
        <ul className="import-tags" aria-label={t('admin.mapping.tags.legend')}>
          {rows.map((r, i) => {
            const note = guessedTags[r.key] === r.field ? preview.notes[`tags.${r.key}`] : undefined;
            return (
              <TagRowView
                key={r.id}
                row={r}
                index={i + 1}
                columns={preview.columns}
                note={note}
                repeated={repeated.has(r.key.trim())}
                onChange={(row) => update(rows.map((x) => (x.id === r.id ? row : x)))}
                onRemove={() => update(rows.filter((x) => x.id !== r.id))}
              />
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="button button--outlined button--small"
        onClick={() => {
          setRows([...rows, { id: nextId, key: '', field: '' }]);
          setNextId(nextId + 1);
        }}
      >
        {t('admin.mapping.tags.add')}
      </button>
    </fieldset>
  );
}

function TagRowView({
  row,
  index,
  columns,
  note,
  repeated,
  onChange,
  onRemove,
}: {
  row: TagRow;
  index: number;
  columns: readonly string[];
  note: string | undefined;
  repeated: boolean;
  onChange: (row: TagRow) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const noteId = useId();
  const errorId = useId();
  const describedBy = [note ? noteId : null, repeated ? errorId : null].filter(Boolean).join(' ') || undefined;
  const name = row.key.trim() || t('admin.mapping.tags.row', { index });
  return (
    <li className="import-tags__row">
      <label className="field field--compact">
        <span className="field__label">{t('admin.mapping.tags.key')}</span>
        <input
          value={row.key}
          aria-describedby={describedBy}
          aria-invalid={repeated || undefined}
          onChange={(e) => onChange({ ...row, key: e.target.value })}
        />
      </label>
      <span aria-hidden="true" className="import-tags__arrow">
        →
      </span>
      <label className="field field--compact">
        <span className="field__label">{t('admin.mapping.tags.field')}</span>
        <select value={row.field} aria-describedby={describedBy} onChange={(e) => onChange({ ...row, field: e.target.value })}>
          <ColumnOptions columns={columns} value={row.field} />
        </select>
      </label>
      <button
        type="button"
        className="button button--text button--small"
        aria-label={t('admin.mapping.tags.remove', { name })}
        onClick={onRemove}
      >
        {t('admin.mapping.remove')}
      </button>
      {note && (
        <p id={noteId} className="field__hint import-tags__note">
          {t('admin.mapping.guessed', { note })}
        </p>
      )}
      {repeated && (
        <p id={errorId} className="field__error import-tags__note">
          {t('admin.mapping.tags.repeated')}
        </p>
      )}
    </li>
  );
}

/* ---- Controls ---- */

/** "— none —" and the file's fields; a field the mapping names that the file lacks is kept, marked. */
function ColumnOptions({ columns, value }: { columns: readonly string[]; value: string }) {
  const t = useT();
  return (
    <>
      <option value={NONE}>{t('admin.mapping.none')}</option>
      {value && !columns.includes(value) && <option value={value}>{t('admin.mapping.notInFile', { column: value })}</option>}
      <ValueOptions values={columns} label={(c) => c} />
    </>
  );
}

/** A labelled select with an optional hint under it: the form's one shape of select. */
function SelectField({
  label,
  value,
  hint,
  hintClassName,
  after,
  onChange,
  children,
}: {
  label: string;
  value: string;
  hint?: string | undefined;
  hintClassName?: string;
  /** Shown under the select and its hint. */
  after?: ReactNode;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <LabelledField htmlFor={id} label={label}>
      <select id={id} value={value} aria-describedby={hint ? hintId : undefined} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
      {hint && (
        <p id={hintId} className={hintClassName ? `field__hint ${hintClassName}` : 'field__hint'}>
          {hint}
        </p>
      )}
      {after}
    </LabelledField>
  );
}

function ColumnSelect({
  label,
  value,
  columns,
  values,
  note,
  onChange,
}: {
  label: string;
  value: string;
  columns: readonly string[];
  /** What the field chosen holds, shown under it. */
  values?: ColumnValues | undefined;
  note?: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <SelectField
      label={label}
      value={value}
      hint={note ? t('admin.mapping.guessed', { note }) : undefined}
      hintClassName="import-note"
      after={value && values ? <ColumnValuesView column={value} values={values} /> : null}
      onChange={onChange}
    >
      <ColumnOptions columns={columns} value={value} />
    </SelectField>
  );
}

/** A field's distinct values and its most frequent ones, each with its number of records. */
function ColumnValuesView({ column, values }: { column: string; values: ColumnValues }) {
  const t = useT();
  const shown = values.top.slice(0, VALUES_SHOWN);
  return (
    <div className="import-values" data-testid="import-column-values">
      <p className="import-values__count">{distinctText(values)}</p>
      {shown.length > 0 && (
        <ul className="import-values__list" aria-label={t('admin.mapping.mostFrequent', { column })}>
          {shown.map((v) => (
            <li key={v.value} className="import-values__item">
              <span className="import-values__value" title={v.value}>
                {v.value}
              </span>{' '}
              <span className="import-values__n">({formatNumber(v.count)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SimpleSelect({
  label,
  value,
  options,
  hint,
  none = true,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  hint?: string | undefined;
  none?: boolean;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <SelectField label={label} value={value} hint={hint} onChange={onChange}>
      {none && <option value={NONE}>{t('admin.mapping.none')}</option>}
      <OptionList options={options} />
    </SelectField>
  );
}

function TextInput({
  label,
  value,
  hint,
  error,
  type = 'text',
  onChange,
}: {
  label: string;
  value: string;
  hint?: string;
  error?: string | undefined;
  type?: 'text' | 'url';
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <LabelledField htmlFor={id} label={label}>
      <input
        id={id}
        type={type}
        value={value}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </LabelledField>
  );
}
