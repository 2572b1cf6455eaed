import { describe, expect, it, vi } from 'vitest';
import { fetchWithUploadProgress, parseHeaders } from './upload';

/** An XMLHttpRequest stand-in that records the request and is answered by hand. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  responseType = '';
  rawHeaders = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.rawHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('fetchWithUploadProgress', () => {
  it('sends the request as fetch would, reports the share uploaded, and answers a Response', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress = vi.fn();
    const body = new FormData();
    const answer = fetchWithUploadProgress('/api/logbook', { method: 'POST', headers: { 'Idempotency-Key': 'k1' }, body }, progress);
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers['idempotency-key'], xhr.body]).toEqual(['POST', '/api/logbook', 'k1', body]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    Object.assign(xhr, {
      status: 201,
      statusText: 'Created',
      response: new TextEncoder().encode('{"success":true}').buffer,
      rawHeaders: 'content-type: application/json\r\nx-event-position: 7-3\r\n',
    });
    xhr.onload?.();
    const res = await answer;
    expect(progress.mock.calls).toEqual([[0.25], [1]]);
    expect(res.status).toBe(201);
    expect(res.headers.get('X-Event-Position')).toBe('7-3');
    expect(await res.json()).toEqual({ success: true });
  });

  it('fails as fetch does: a TypeError for no answer, an AbortError when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const lost = fetchWithUploadProgress('/api/logbook', { method: 'POST' }, () => undefined);
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = fetchWithUploadProgress('/api/logbook', { method: 'POST', signal: controller.signal }, () => undefined);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('parseHeaders', () => {
  it('reads getAllResponseHeaders()’s lines', () => {
    const h = parseHeaders('Content-Type: application/json\r\nRetry-After: 30\r\nbroken\r\n');
    expect(h.get('content-type')).toBe('application/json');
    expect(h.get('retry-after')).toBe('30');
  });
});
