/**
 * A list's tour as a GPX file. The link itself (`href`, `download`) serves public lists; a private
 * list is only its owner's, and a link cannot carry their token (the server reads it from a
 * header), so for those the file is fetched with the token and saved from memory.
 */
import { errorFromResponse, networkError, type ApiError } from '../../api/errors';
import { listTourGpxUrl } from '../../api/listsApi';
import { getToken, TOKEN_HEADER } from '../../api/token';

/** How long the saved file's object URL outlives the click that saves it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** The file name the server gives (`Content-Disposition`): the list's name, letters and digits kept. */
export function gpxFileName(listName: string): string {
  return `${[...listName].map((c) => (/^[A-Za-z0-9]$/.test(c) ? c : '-')).join('')}.gpx`;
}

/** Fetches the GPX with the caller's token and saves it as `fileName`; an error when it fails. */
export async function downloadGpx(listId: string, fileName: string): Promise<ApiError | null> {
  const headers = new Headers({ Accept: 'application/gpx+xml' });
  const token = getToken();
  if (token) headers.set(TOKEN_HEADER, token);
  let response: Response;
  try {
    response = await fetch(listTourGpxUrl(listId), { headers });
  } catch {
    return networkError();
  }
  if (!response.ok) {
    const body: unknown = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '') ? await response.json().catch(() => null) : null;
    return errorFromResponse(response.status, response.statusText, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return null;
}
