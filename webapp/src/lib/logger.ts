/**
 * A small levelled logger (SPEC §9): debug < info < warn < error, default info. Values under keys
 * that look like tokens or authorization headers are redacted before anything is printed.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';
export const REDACTED = '[REDACTED]';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY = /token|authorization/i;
const MAX_DEPTH = 6;

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** A deep copy of `value` with every value under a token/authorization key replaced. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[Truncated]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  if (typeof Headers !== 'undefined' && value instanceof Headers) {
    const out: Record<string, string> = {};
    value.forEach((v, k) => {
      out[k] = SECRET_KEY.test(k) ? REDACTED : v;
    });
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1, seen);
  }
  return out;
}

export interface LogSink {
  debug: (...args: unknown[]) => void;
  info: (...args: unknown[]) => void;
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}

export interface Logger {
  level: () => LogLevel;
  setLevel: (level: LogLevel) => void;
  debug: (message: string, context?: unknown) => void;
  info: (message: string, context?: unknown) => void;
  warn: (message: string, context?: unknown) => void;
  error: (message: string, context?: unknown) => void;
}

export function createLogger(
  options: { level?: LogLevel; sink?: LogSink; prefix?: string } = {},
): Logger {
  let current: LogLevel = options.level ?? DEFAULT_LOG_LEVEL;
  const sink: LogSink = options.sink ?? console;
  const prefix = options.prefix ?? '[Plinth]';
  const emit = (level: LogLevel) => (message: string, context?: unknown) => {
    if (RANK[level] < RANK[current]) return;
    const line = `${prefix} ${level.toUpperCase()} ${message}`;
    if (context === undefined) sink[level](line);
    else sink[level](line, redact(context));
  };
  return {
    level: () => current,
    setLevel: (level) => {
      current = level;
    },
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
  };
}

const configured: unknown = import.meta.env.VITE_LOG_LEVEL;

/** The app's logger; `VITE_LOG_LEVEL` changes its level at build time. */
export const logger = createLogger({
  level: isLogLevel(configured) ? configured : DEFAULT_LOG_LEVEL,
});
