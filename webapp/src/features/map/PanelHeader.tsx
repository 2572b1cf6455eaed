/**
 * The heading of a panel over the map (the list, the filters, places), with its close button when
 * it can be closed; and the frame of the panels that open over the map from its toolbar.
 */
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';

export function PanelHeader({ title, closeLabel, onClose }: { title: string; closeLabel: string; onClose?: (() => void) | undefined }) {
  return (
    <header className="map-list__header">
      <h2>{title}</h2>
      {onClose && (
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" />
        </button>
      )}
    </header>
  );
}

/**
 * A panel that opens over the map from its toolbar (the filters, the time): a section named
 * `label`, its heading (`title`) with the close button (`closeLabel`), then `children`. Escape
 * closes it too, and goes no further.
 */
export function PopoverPanel({
  id,
  className,
  label,
  title,
  closeLabel,
  onClose,
  children,
}: {
  id: string;
  className: string;
  label: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={className}
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <PanelHeader title={title} closeLabel={closeLabel} onClose={onClose} />
      {children}
    </section>
  );
}
