/** The heading of a panel over the map (the list, the filters, places), with its close button when it can be closed. */
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
