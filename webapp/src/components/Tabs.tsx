/**
 * Tabs as the ARIA pattern has them: a labelled tablist whose arrow keys (and Home, End) move
 * between tabs, and one tabpanel, the chosen tab's. The caller keeps the choice (in state or in
 * the URL) and draws only the chosen panel.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n';
import { oneOfParam } from '../lib/urlParams';
import './Tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (tab: T) => void;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === value);
    const last = tabs.length - 1;
    const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    const t = next === undefined ? undefined : tabs[next];
    if (!t) return;
    e.preventDefault();
    onChange(t.id);
    refs.current[t.id]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={value === t.id}
            aria-controls={`${base}-${t.id}-panel`}
            tabIndex={value === t.id ? 0 : -1}
            className={`tabs__tab${value === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => onChange(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${base}-${value}-panel`} aria-labelledby={`${base}-${value}-tab`} className="tabs__panel">
        {children}
      </section>
    </>
  );
}

/** A screen's tabs, their labels catalogue keys; the first is the one shown when the URL names none. */
type TabKeys<T extends string> = readonly [{ id: T; label: MessageKey }, ...Array<{ id: T; label: MessageKey }>];

/** The tab the URL's `?tab` names among `tabs` (the first when it names none of them), and the tabs in words. */
export function useTabParam<T extends string>(params: URLSearchParams, tabs: TabKeys<T>): { tab: T; items: TabItem<T>[] } {
  const t = useT();
  const tab = oneOfParam(params.get('tab'), tabs.map((x) => x.id), tabs[0].id);
  return { tab, items: tabs.map(({ id, label }) => ({ id, label: t(label) })) };
}
