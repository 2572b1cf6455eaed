/**
 * An area's progress as /profile and the map's Areas panel show it (issue 33): for someone signed
 * in, a bar and "2 of 5 seen", with a mark once finished; for anyone else, "5 artworks".
 */
import { useLocale } from '../i18n';
import { areaFinishedText, areaProgressLabel, areaProgressText, areaShare, areaSourceText, type AreaCounts } from '../lib/areas';
import type { AreaFile } from '../api/types';
import './AreaProgress.css';

export function AreaProgress({ area, name }: { area: AreaCounts; name: string }) {
  // The words follow the language in effect.
  useLocale();
  const share = areaShare(area);
  const text = areaProgressText(area);
  return (
    <span className={`area-progress${area.finished ? ' area-progress--finished' : ''}`}>
      {share !== null && (
        <progress
          className="area-progress__bar"
          value={Math.min(area.seen ?? 0, Math.max(1, area.artworks))}
          max={Math.max(1, area.artworks)}
          aria-label={areaProgressLabel(name)}
          aria-valuetext={text}
        />
      )}
      <span className="area-progress__text">{text}</span>
      {area.finished && (
        <span className="chip chip--small chip--approved">
          <span aria-hidden="true">🏁</span> {areaFinishedText()}
        </span>
      )}
    </span>
  );
}

/** Where the areas come from (the boundary file and its attribution, or the grid), in a quiet line. */
export function AreaSource({ file }: { file: AreaFile | null | undefined }) {
  useLocale();
  return <p className="muted small area-source">{areaSourceText(file)}</p>;
}
