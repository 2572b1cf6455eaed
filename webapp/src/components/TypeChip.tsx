import { artworkTypeColor, artworkTypeLabel } from '../lib/map/artworkTypes';

export function TypeChip({ type }: { type: string }) {
  return (
    <span className="chip">
      <span className="chip__dot" style={{ background: artworkTypeColor(type) }} aria-hidden="true" />
      {artworkTypeLabel(type)}
    </span>
  );
}
