/**
 * The server's outbox as the sign-in tests read it: with SMTP_URL unset, `plinth serve` writes
 * each mail as an `.eml` file into `<PLINTH_DATA_DIR>/outbox/` (global setup exposes the dir as
 * PLINTH_E2E_DATA_DIR). A small MIME reader: headers (unfolded), multipart bodies, and the
 * quoted-printable and base64 transfer encodings.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Mail {
  file: string;
  mtimeMs: number;
  to: string;
  subject: string;
  /** The text/plain body, decoded (the text of the HTML part when there is no plain one). */
  text: string;
}

export function outboxDir(): string {
  const dir = process.env.PLINTH_E2E_DATA_DIR;
  if (!dir) throw new Error('PLINTH_E2E_DATA_DIR is unset: run through `npx playwright test` (global setup).');
  return path.join(dir, 'outbox');
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  let last: string | null = null;
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const i = line.indexOf(':');
    if (i <= 0) continue;
    last = line.slice(0, i).trim().toLowerCase();
    headers.set(last, line.slice(i + 1).trim());
  }
  return { headers, body };
}

export function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** Decodes `=?utf-8?Q?…?=` / `=?utf-8?B?…?=` words of a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The text parts of a part, depth first: [content type, decoded text]. */
function textParts(part: Part): Array<[string, string]> {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = part.body.split(`--${boundary}`).slice(1);
    const out: Array<[string, string]> = [];
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      out.push(...textParts(splitPart(chunk.replace(/^\r?\n/, ''))));
    }
    return out;
  }
  return [[type.toLowerCase(), decodeBody(part)]];
}

export function parseMail(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const top = splitPart(raw);
  const parts = textParts(top);
  const plain = parts.find(([t]) => t.startsWith('text/plain'));
  const html = parts.find(([t]) => t.startsWith('text/html'));
  const text = plain?.[1] ?? (html ? html[1].replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&') : '');
  return {
    file,
    mtimeMs: statSync(file).mtimeMs,
    to: decodeHeader(top.headers.get('to') ?? ''),
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text,
  };
}

function mailsTo(address: string): Mail[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const want = address.toLowerCase();
  return names
    .map((f) => {
      try {
        return parseMail(path.join(outboxDir(), f));
      } catch {
        return null; // still being written
      }
    })
    .filter((m): m is Mail => m !== null && m.to.toLowerCase().includes(want))
    .sort((a, b) => b.mtimeMs - a.mtimeMs || b.file.localeCompare(a.file));
}

/** The mails to `address` so far (their files): `seen` for `waitForMail` when another is on its way. */
export function mailFilesTo(address: string): string[] {
  return mailsTo(address).map((m) => m.file);
}

/** The newest mail to `address` not among `seen` (files), polling until one arrives. */
export async function waitForMail(address: string, seen: Iterable<string> = [], timeoutMs = 30_000): Promise<Mail> {
  const skip = new Set(seen);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(address).find((m) => !skip.has(m.file) && magicLinkTokenOrNull(m.text));
    if (mail) return mail;
    if (Date.now() > until) {
      throw new Error(`no mail to ${address} in ${outboxDir()} within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function magicLinkTokenOrNull(text: string): string | null {
  return /\/verify\?token=([0-9a-fA-F]{64})\b/.exec(text)?.[1] ?? null;
}

/** The link's token: `{PUBLIC_URL}/verify?token=<64 hex>`. */
export function magicLinkToken(mail: Mail): string {
  const token = magicLinkTokenOrNull(mail.text);
  if (!token) throw new Error(`no /verify?token= link in ${mail.file}:\n${mail.text}`);
  return token;
}

/** The 6-digit one-time code: on a line that mentions the code, else any lone 6-digit number. */
export function oneTimeCode(mail: Mail): string {
  const body = mail.text.replace(/\/verify\?token=[0-9a-fA-F]+/g, '');
  const near = /code[^0-9\n]{0,60}(?:\n[^0-9\n]*)?\b(\d{3}[ -]?\d{3})\b/i.exec(body)?.[1];
  const lone = /(?:^|[^\w])(\d{6})(?![\w])/m.exec(body)?.[1];
  const code = (near ?? lone)?.replace(/\D/g, '');
  if (!code || code.length !== 6) throw new Error(`no 6-digit code in ${mail.file}:\n${mail.text}`);
  return code;
}
