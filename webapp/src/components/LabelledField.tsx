/** The box of one form field: its label above the control it names, then what goes with the control. */
import type { ReactNode } from 'react';

/** What a labelled field of text takes: its control's id, its label, and the text with the change to it. */
export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A `<div>` (class `className`, "field" by default) holding a `field__label` label for the
 * control whose id is `htmlFor`, then `children`: the control, and its hint, counter or error.
 */
export function LabelledField({
  htmlFor,
  label,
  className = 'field',
  children,
}: {
  htmlFor: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}
