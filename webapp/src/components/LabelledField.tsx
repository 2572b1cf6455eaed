/** The box of one form field: its label above the control it names, then what goes with the control. */
import type { ReactNode } from 'react';

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
