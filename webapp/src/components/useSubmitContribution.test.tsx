import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionSet } from '../api/session';
import type { LogbookForm } from '../api/submissionsApi';
import { setToken } from '../api/token';
import type { SubmissionReceipt } from '../api/types';
import type { AppStore } from '../app/store';
import { clearFastUpload, getFastUpload, startFastUpload } from '../lib/fastUpload';
import { outbox, resetOutbox, type OutboxItem } from '../lib/outbox';
import { memoryOutboxStore } from '../lib/outbox/store';
import { apiError, json, mockFetch } from '../testing/fetchMock';
import { jpegFile } from '../testing/jpeg';
import { BASE_USER, storeFor, toastMessages } from '../testing/render';
import { ARTWORK_ID, created, deferred, formFields, receipt } from '../testing/submissions';
import { useSentReceipt, useSubmitContribution, type FieldErrors, type SubmitContributionOptions } from './useSubmitContribution';

type Field = 'photos' | 'notes' | 'location' | 'condition';

const MESSAGES = {
  sent: 'Thanks! Your visit was logged and will appear after review.',
  failed: 'Failed to log your visit',
};
const AT = { lat: 48.8584, lon: 2.2945 };
const DRAFT: Omit<LogbookForm, 'idempotencyKey' | 'lat' | 'lon'> = {
  type: 'logbook',
  artworkId: ARTWORK_ID,
  photos: [],
  notes: 'Repainted since last year',
  condition: 'good',
  artworkTitle: null,
};
const VISIT = receipt({ submission_type: 'logbook', photos: [] });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => clearFastUpload());

function setup(over: Partial<SubmitContributionOptions<Field>> = {}, store: AppStore = storeFor('anonymous')) {
  const onSent = vi.fn<(r: SubmissionReceipt) => void>();
  const onQueued = vi.fn<(item: OutboxItem) => void>();
  const options: SubmitContributionOptions<Field> = {
    validate: () => ({}),
    valueAt: () => undefined,
    location: AT,
    draft: () => DRAFT,
    serverFields: { condition: 'condition' },
    messages: MESSAGES,
    onSent,
    onQueued,
    ...over,
  };
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useSubmitContribution(options), { wrapper });
  const submit = () => act(() => hook.result.current.onSubmit());
  return { ...hook, submit, onSent, onQueued, store };
}

/** What the Outbox holds. */
const outboxItems = () => outbox().refresh().then(() => outbox().getSnapshot().items);

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);


describe('useSubmitContribution', () => {
  it('sends the draft with an Idempotency-Key, is "sending" meanwhile, then clears the fast upload, toasts and hands over the receipt', async () => {
    await startFastUpload([jpegFile('visit.jpg')]);
    const answer = deferred<Response>();
    const { callsTo } = mockFetch({ 'POST /api/logbook': () => answer.promise });
    const { result, onSent, store } = setup();
    expect(result.current.sending).toBe(false);

    let sent!: Promise<void>;
    act(() => {
      sent = result.current.onSubmit();
    });
    expect(result.current.sending).toBe(true);
    const post = callsTo('/api/logbook')[0]!;
    expect(post.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(formFields(post.body)).toEqual({
      type: 'logbook',
      lat: '48.8584',
      lon: '2.2945',
      notes: 'Repainted since last year',
      artworkId: ARTWORK_ID,
      condition: 'good',
    });
    expect(onSent).not.toHaveBeenCalled();

    answer.resolve(created(VISIT));
    await act(() => sent);
    expect(result.current.sending).toBe(false);
    expect(onSent).toHaveBeenCalledExactlyOnceWith(VISIT);
    expect(toastMessages(store)).toContain(MESSAGES.sent);
    expect(getFastUpload()).toBeNull();
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
  });

  it('sends nothing while the form has problems or no location, and shows the problems', async () => {
    const { calls } = mockFetch();
    const problems: FieldErrors<Field> = { location: 'Add where the artwork is' };
    const invalid = setup({ validate: () => problems });
    await invalid.submit();
    expect(invalid.result.current.errors).toEqual(problems);
    expect(invalid.result.current.describedBy('location', 'loc', 'loc-hint')).toBe('loc-hint loc-error');
    expect(invalid.result.current.describedBy('notes', 'notes')).toBeUndefined();
    expect(invalid.result.current.controlProps('location', 'loc', 'loc-hint')).toEqual({ id: 'loc', 'aria-invalid': true, 'aria-describedby': 'loc-hint loc-error' });
    expect(invalid.result.current.controlProps('notes', 'notes')).toEqual({ id: 'notes', 'aria-invalid': undefined, 'aria-describedby': undefined });

    const nowhere = setup({ location: null });
    await nowhere.submit();
    expect(nowhere.result.current.errors).toEqual({});
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(invalid.onSent).not.toHaveBeenCalled();
    expect(nowhere.onSent).not.toHaveBeenCalled();
  });

  it('ignores a second submit while the first is under way', async () => {
    const answer = deferred<Response>();
    const { callsTo } = mockFetch({ 'POST /api/logbook': () => answer.promise });
    const { result, onSent } = setup();
    const sent: Promise<void>[] = [];
    act(() => {
      sent.push(result.current.onSubmit());
    });
    act(() => {
      sent.push(result.current.onSubmit());
    });
    expect(callsTo('/api/logbook')).toHaveLength(1);
    answer.resolve(created(VISIT));
    await act(() => Promise.all(sent));
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['lat', 'location', 'Latitude must be between -90 and 90'],
    ['lon', 'location', 'Longitude must be between -180 and 180'],
    ['notes', 'notes', 'The note must be at most 1000 characters'],
    ['photos', 'photos', 'At most 5 photos'],
    ['condition', 'condition', 'Unknown condition'],
  ] as const)('shows a 400 about details.field %s at the form’s %s field', async (serverField, field, message) => {
    mockFetch({ 'POST /api/logbook': () => apiError(400, 'VALIDATION_ERROR', message, { field: serverField }) });
    const { result, submit, onSent, store } = setup();
    await submit();
    expect(result.current.errors).toEqual({ [field]: message });
    expect(result.current.formError).toBeNull();
    expect(result.current.sending).toBe(false);
    expect(onSent).not.toHaveBeenCalled();
    expect(toastMessages(store)).not.toContain(MESSAGES.sent);
  });

  it('takes a problem the form found away as soon as the field is valid, and its words follow the value meanwhile', async () => {
    mockFetch();
    const problemOf = (notes: string) => (notes.length > 10 ? 'The note must be at most 10 characters' : notes ? null : 'Add a note');
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={storeFor('anonymous')}>{children}</Provider>;
    const hook = renderHook(
      ({ notes }: { notes: string }) =>
        useSubmitContribution<Field>({
          validate: () => {
            const problem = problemOf(notes);
            return problem ? { notes: problem } : {};
          },
          valueAt: (f) => (f === 'notes' ? notes : undefined),
          location: AT,
          draft: () => ({ ...DRAFT, notes }),
          serverFields: {},
          messages: MESSAGES,
          onSent: () => undefined,
          onQueued: () => undefined,
        }),
      { wrapper, initialProps: { notes: '' } },
    );
    await act(() => hook.result.current.onSubmit());
    expect(hook.result.current.errors).toEqual({ notes: 'Add a note' });
    hook.rerender({ notes: 'x'.repeat(11) });
    expect(hook.result.current.errors).toEqual({ notes: 'The note must be at most 10 characters' });
    hook.rerender({ notes: 'Repainted' });
    expect(hook.result.current.errors).toEqual({});
    // Fixed once, the field waits for the next submit to be judged again.
    hook.rerender({ notes: '' });
    expect(hook.result.current.errors).toEqual({});
  });

  it('takes the server’s error about a field away once that field changes, not before', async () => {
    mockFetch({ 'POST /api/logbook': () => apiError(400, 'VALIDATION_ERROR', 'Unknown condition', { field: 'condition' }) });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={storeFor('anonymous')}>{children}</Provider>;
    const hook = renderHook(
      ({ condition, notes }: { condition: string; notes: string }) =>
        useSubmitContribution<Field>({
          validate: () => ({}),
          valueAt: (f) => (f === 'condition' ? condition : f === 'notes' ? notes : undefined),
          location: AT,
          draft: () => DRAFT,
          serverFields: { condition: 'condition' },
          messages: MESSAGES,
          onSent: () => undefined,
          onQueued: () => undefined,
        }),
      { wrapper, initialProps: { condition: 'good', notes: '' } },
    );
    await act(() => hook.result.current.onSubmit());
    expect(hook.result.current.errors).toEqual({ condition: 'Unknown condition' });
    hook.rerender({ condition: 'good', notes: 'Another field changes' });
    expect(hook.result.current.errors).toEqual({ condition: 'Unknown condition' });
    hook.rerender({ condition: 'fair', notes: 'Another field changes' });
    expect(hook.result.current.errors).toEqual({});
  });

  it('shows an error about a field the form does not have above the button', async () => {
    mockFetch({ 'POST /api/logbook': () => apiError(400, 'VALIDATION_ERROR', 'The title is too long', { field: 'title' }) });
    const { result, submit } = setup();
    await submit();
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBe('The title is too long');
  });

  it.each([
    [429, '30', 'RATE_LIMITED', 'Too many submissions; try again in a minute'],
    [503, '10', 'SERVICE_UNAVAILABLE', 'This process takes no more uploads now; try again shortly'],
  ])('shows the server’s own message for a %i with Retry-After (SPEC §8), above the button', async (status, retryAfter, code, message) => {
    mockFetch({
      'POST /api/logbook': () =>
        json({ success: false, error: code, message, timestamp: '2025-01-01T00:00:00.000Z' }, { status, headers: { 'Retry-After': retryAfter } }),
    });
    const { result, submit, onSent } = setup();
    await submit();
    expect(result.current.formError).toBe(message);
    expect(result.current.errors).toEqual({});
    expect(result.current.sending).toBe(false);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('with the browser offline, sends nothing and keeps the draft in the Outbox with its photos and key, as after a save', async () => {
    offline();
    setToken('anonymous-token');
    const photo = jpegFile('visit.jpg');
    await startFastUpload([photo]);
    const { calls } = mockFetch();
    const { result, submit, onSent, onQueued, store } = setup({ draft: () => ({ ...DRAFT, photos: [photo], artworkTitle: 'Girl in a Wetsuit' }) });
    await submit();

    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onSent).not.toHaveBeenCalled();
    expect(onQueued).toHaveBeenCalledTimes(1);
    const [item] = await outboxItems();
    expect(onQueued).toHaveBeenCalledWith(item);
    expect(item).toMatchObject({
      form: { type: 'logbook', artworkId: ARTWORK_ID, artworkTitle: 'Girl in a Wetsuit', notes: 'Repainted since last year', condition: 'good', lat: AT.lat, lon: AT.lon },
      attempts: 0,
      state: { status: 'waiting' },
    });
    expect(item!.id).toMatch(UUID);
    // Made by this device's anonymous visitor: sent under their token, whoever is signed in then.
    expect(item!.maker).toEqual({ kind: 'anonymous', token: 'anonymous-token' });
    expect(item!.photos).toEqual([{ name: 'visit.jpg', type: 'image/jpeg', blob: photo }]);
    expect(item!.form).not.toHaveProperty('photos');
    expect(toastMessages(store)).toContain('No connection: saved to your Outbox. It will be sent when you are back online.');
    expect(toastMessages(store)).not.toContain(MESSAGES.sent);
    expect(getFastUpload()).toBeNull();
    expect(result.current.formError).toBeNull();
    expect(result.current.sending).toBe(false);

    // The next draft is another one, with a key of its own.
    await submit();
    const keys = (await outboxItems()).map((i) => i.id);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('keeps the draft in the Outbox with the Idempotency-Key it was sent with when the answer is lost, to try again later', async () => {
    const { callsTo } = mockFetch({
      'POST /api/logbook': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { result, submit, onSent, onQueued } = setup();
    const before = Date.now();
    await submit();

    const sentKey = callsTo('/api/logbook')[0]!.headers.get('Idempotency-Key');
    expect(sentKey).toMatch(UUID);
    const [item] = await outboxItems();
    expect(item!.id).toBe(sentKey);
    expect(item!.attempts).toBe(1);
    expect(item!.state).toMatchObject({ status: 'waiting', problem: 'Network error occurred' });
    expect(item!.state.status === 'waiting' && item!.state.retryAt).toBeGreaterThan(before);
    expect(onQueued).toHaveBeenCalledExactlyOnceWith(item);
    expect(onSent).not.toHaveBeenCalled();
    expect(result.current.formError).toBeNull();
  });

  it('records who made the draft it keeps: the signed-in account, by id and name', async () => {
    offline();
    setToken('session-token');
    mockFetch();
    const { submit } = setup({}, storeFor('user'));
    await submit();
    const [item] = await outboxItems();
    expect(item!.maker).toEqual({ kind: 'account', id: BASE_USER.id, name: 'ada@example.org' });

    // The public name when the account chose one.
    const named = storeFor('user');
    named.dispatch(sessionSet({ ...named.getState().session, user: { ...named.getState().session.user!, profileName: 'Ada' } }));
    await setup({}, named).submit();
    expect((await outboxItems())[1]!.maker).toEqual({ kind: 'account', id: BASE_USER.id, name: 'Ada' });
  });

  it('shows an answer of the server at its field and keeps nothing in the Outbox: it could not fix it', async () => {
    mockFetch({ 'POST /api/logbook': () => apiError(400, 'VALIDATION_ERROR', 'Unknown condition', { field: 'condition' }) });
    const { result, submit, onQueued } = setup();
    await submit();
    expect(result.current.errors).toEqual({ condition: 'Unknown condition' });
    expect(onQueued).not.toHaveBeenCalled();
    expect(await outboxItems()).toEqual([]);
  });

  it('keeps the form and says so when the browser will not store the draft, and sends it once back online', async () => {
    const onLine = offline();
    const refusing = memoryOutboxStore();
    resetOutbox({ store: { ...refusing, put: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')) } });
    const { result, submit, onQueued, onSent } = setup();
    await submit();
    expect(result.current.formError).toBe(
      'No connection, and this browser would not keep your contribution for later. Try again once you are back online.',
    );
    expect(onQueued).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    const { callsTo } = mockFetch({ 'POST /api/logbook': () => created(VISIT) });
    await submit();
    expect(onSent).toHaveBeenCalledExactlyOnceWith(VISIT);
    expect(callsTo('/api/logbook')).toHaveLength(1);
  });

  it('takes a new Idempotency-Key for the next draft once one is sent', async () => {
    const { callsTo } = mockFetch({ 'POST /api/logbook': () => created(VISIT) });
    const { submit, onSent } = setup();
    await submit();
    await submit();
    expect(onSent).toHaveBeenCalledTimes(2);
    const keys = callsTo('/api/logbook').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('useSentReceipt', () => {
  it('holds the receipt once sent and focuses its heading', () => {
    const { result } = renderHook(() => useSentReceipt());
    expect(result.current.outcome).toBeNull();
    const heading = document.createElement('h2');
    heading.tabIndex = -1;
    document.body.append(heading);
    result.current.headingRef.current = heading;
    act(() => result.current.onSent(VISIT));
    expect(result.current.outcome).toEqual({ kind: 'sent', receipt: VISIT });
    expect(heading).toHaveFocus();
    heading.remove();
  });

  it('holds the Outbox item once kept there, and focuses its heading', async () => {
    const { result } = renderHook(() => useSentReceipt());
    const heading = document.createElement('h2');
    heading.tabIndex = -1;
    document.body.append(heading);
    result.current.headingRef.current = heading;
    const item = await outbox().add({ form: { type: 'logbook', lat: 1, lon: 2 }, photos: [], idempotencyKey: 'k', attempts: 0, maker: { kind: 'anonymous', token: null } });
    act(() => result.current.onQueued(item));
    expect(result.current.outcome).toEqual({ kind: 'queued', item });
    expect(heading).toHaveFocus();
    heading.remove();
  });
});
