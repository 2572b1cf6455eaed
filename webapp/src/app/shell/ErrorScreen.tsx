/**
 * The global error screen (SPEC §2, §8): shown for uncaught errors and unhandled rejections,
 * with a reference ID to quote, and ways out: reload, go home, copy details, report by email.
 */
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { config } from '../../config/env';
import { Icon } from '../../components/Icon';
import { useT } from '../../i18n';
import { logger } from '../../lib/logger';
import { referenceId } from '../../lib/uuid';
import './ErrorScreen.css';

export interface CapturedError {
  referenceId: string;
  message: string;
  stack?: string;
  kind: 'render' | 'error' | 'unhandledrejection' | 'route';
  at: string;
}

export function describeError(error: unknown, kind: CapturedError['kind']): CapturedError {
  const e = error instanceof Error ? error : null;
  const captured: CapturedError = {
    referenceId: referenceId(),
    // Read in the technical details only (kept in English, see errorDetails).
    message: e?.message ?? (typeof error === 'string' ? error : 'Unknown error'),
    kind,
    at: new Date().toISOString(),
  };
  if (e?.stack) captured.stack = e.stack;
  return captured;
}

/** Describes and logs an uncaught error under a new reference ID. */
export function captureError(error: unknown, kind: CapturedError['kind']): CapturedError {
  const captured = describeError(error, kind);
  logger.error('Uncaught error', { reference: captured.referenceId, kind, error });
  return captured;
}

/**
 * The technical details to quote or send: kept in English whatever the interface language, as
 * they are read by whoever fixes the error (field names, the browser's own error text).
 */
export function errorDetails(e: CapturedError): string {
  return [
    `Reference: ${e.referenceId}`,
    `Time: ${e.at}`,
    `Page: ${window.location.href}`,
    `Kind: ${e.kind}`,
    `Error: ${e.message}`,
    `Browser: ${navigator.userAgent}`,
    e.stack ? `\n${e.stack}` : '',
  ].join('\n');
}

export function ErrorScreen({ error }: { error: CapturedError }) {
  const t = useT();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const details = errorDetails(error);
  const mailto = `mailto:${config.supportEmail ?? ''}?subject=${encodeURIComponent(
    t('shell.error.mailSubject', { id: error.referenceId }),
  )}&body=${encodeURIComponent(`${t('shell.error.mailQuestion')}\n\n\n---\n${details}`)}`;
  const title = t('shell.error.title');

  useEffect(() => {
    document.title = title;
  }, [title]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(details);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <main className="error-screen" role="alert" aria-labelledby="error-screen-title">
      <Icon name="error" size={56} />
      <h1 id="error-screen-title">{title}</h1>
      <p>{t('shell.error.body')}</p>
      <p className="error-screen__reference">{t.rich('shell.error.reference', { id: <code>{error.referenceId}</code> })}</p>
      <div className="button-row button-row--center">
        <button type="button" className="button button--filled" onClick={() => window.location.reload()}>
          <Icon name="refresh" size={18} /> {t('shell.error.reload')}
        </button>
        <button type="button" className="button button--outlined" onClick={() => window.location.assign('/')}>
          <Icon name="home" size={18} /> {t('shell.error.home')}
        </button>
        <button type="button" className="button button--outlined" onClick={() => void copy()}>
          <Icon name="copy" size={18} /> {t('shell.error.copy')}
        </button>
        <a className="button button--outlined" href={mailto}>
          <Icon name="mail" size={18} /> {t('shell.error.email')}
        </a>
      </div>
      <p className="muted small" role="status">
        {copied === 'copied' ? t('shell.error.copied') : copied === 'failed' ? t('shell.error.copyFailed') : ''}
      </p>
      <details className="error-screen__details">
        <summary>{t('shell.error.details')}</summary>
        <pre>{details}</pre>
      </details>
    </main>
  );
}

/** Errors that are not the app's fault and must not take the screen down. */
export function isIgnorable(reason: unknown): boolean {
  const name = typeof reason === 'object' && reason !== null && 'name' in reason ? String((reason).name) : '';
  const message =
    reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return name === 'AbortError' || /ResizeObserver loop/.test(message);
}

interface BoundaryState {
  error: CapturedError | null;
}

/** Catches render errors below it, and window errors and unhandled rejections anywhere. */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: describeError(error, 'render') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error('Uncaught error', {
      reference: this.state.error?.referenceId,
      kind: 'render',
      error,
      componentStack: info.componentStack,
    });
  }

  override componentDidMount(): void {
    window.addEventListener('error', this.onError);
    window.addEventListener('unhandledrejection', this.onRejection);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('error', this.onError);
    window.removeEventListener('unhandledrejection', this.onRejection);
  }

  private onError = (event: ErrorEvent) => {
    // Resource load failures (images…) are not ErrorEvents with an error; they don't count.
    if (!(event instanceof ErrorEvent) || (!event.error && !event.message)) return;
    if (isIgnorable(event.error ?? event.message)) return;
    if (!this.state.error) this.setState({ error: captureError(event.error ?? event.message, 'error') });
  };

  private onRejection = (event: PromiseRejectionEvent) => {
    if (isIgnorable(event.reason)) return;
    if (!this.state.error) this.setState({ error: captureError(event.reason, 'unhandledrejection') });
  };

  override render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}

/** The router's error element: a route that failed to load or render. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const [captured] = useState(() => captureError(error, 'route'));
  return <ErrorScreen error={captured} />;
}
