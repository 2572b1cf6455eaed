/** The pieces every `<select>` is made of: its options, and the label that wraps a toolbar's select. */
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';

/** One choice of a select: the value it sends and the text it shows. */
export interface Option {
  value: string;
  label: string;
}

/** Each of `options` as an `<option>`, in order. */
export function OptionList({ options }: { options: readonly Option[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** Each of a vocabulary's `values` as an `<option>`, in order, its text given by `label`. */
export function ValueOptions<V extends string | number>({ values, label }: { values: readonly V[]; label: (value: V) => string }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </>
  );
}

/**
 * A select inside its `<label>` (class `className`, "field" by default), named by `label`: a
 * toolbar's filter, sort or choice. With an `id`, the label also points at it (`htmlFor`).
 */
export function LabelledSelect({
  label,
  className = 'field',
  selectRef,
  children,
  ...select
}: {
  label: string;
  className?: string;
  selectRef?: Ref<HTMLSelectElement>;
  /** The options. */
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'>) {
  return (
    <label className={className} htmlFor={select.id}>
      <span className="field__label">{label}</span>
      <select ref={selectRef} {...select}>
        {children}
      </select>
    </label>
  );
}
