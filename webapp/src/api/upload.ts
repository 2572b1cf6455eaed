/**
 * `fetch` for an upload whose progress a person watches (the Outbox sending photos): the same
 * request through XMLHttpRequest, the one browser API that reports how much of a body has gone,
 * answering a `Response` as fetch does, failing as fetch does (TypeError: no answer; AbortError:
 * aborted), so `apiRequest` reads its answer and its failures the same way.
 */

/** Calls `onProgress` with the share of the body sent (0 to 1) as it goes. */
export function fetchWithUploadProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const signal = init.signal;
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'arraybuffer';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      settle();
      onProgress(1);
      // Statuses a Response cannot have (0, 1xx) are no answer.
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      const body = xhr.status === 204 || xhr.status === 205 || xhr.status === 304 ? null : (xhr.response as ArrayBuffer | null);
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Network request failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The request was aborted', 'AbortError'));
    };
    if (signal?.aborted) {
      reject(new DOMException('The request was aborted', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/** `getAllResponseHeaders()`'s text as Headers. */
export function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    } catch {
      // A header a Headers object refuses is not one the client reads.
    }
  }
  return headers;
}
