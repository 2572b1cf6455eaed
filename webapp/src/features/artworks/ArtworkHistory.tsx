/**
 * An artwork's history on its detail page (the shared history section): changes to its artists
 * name them, a merge links the other record, and moderators may revert a change (not on a past
 * version of the artwork).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { selectCanModerate } from '../../api/session';
import type { ArtistRef, HistoryEntry } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { EntrySummary, History } from '../../components/History';
import { to } from '../../config/routes';
import { useT, type Translator } from '../../i18n';
import { changeText, type ChangeDescriber } from '../../lib/historyText';
import { RevertDialog } from './RevertDialog';

interface HistoryProps {
  artworkId: string;
  /** The `as_of` the page shows, if any. */
  asOf?: string;
  /** The artwork's artists, to name them in changes of `artists`. */
  artists: readonly ArtistRef[];
  title: string;
}

function mergeLink(t: Translator, entry: HistoryEntry) {
  if (!entry.other_artwork) return null;
  return (
    <p className="history__note">
      <Link to={to.artwork(entry.other_artwork)}>{t(entry.kind === 'merged' ? 'artworks.history.kept' : 'artworks.history.duplicate')}</Link>
    </p>
  );
}

export function ArtworkHistory({ artworkId, asOf, artists, title }: HistoryProps) {
  const t = useT();
  const [reverting, setReverting] = useState<HistoryEntry | null>(null);
  const canRevert = useAppSelector(selectCanModerate) && !asOf;
  const describe: ChangeDescriber = (c) => changeText(c, artists);

  const revertButton = (entry: HistoryEntry, which: string) =>
    canRevert &&
    entry.revertible && (
      <button type="button" className="button button--text button--small" onClick={() => setReverting(entry)}>
        {t.rich('artworks.history.revert', { which, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
      </button>
    );

  return (
    <History subject="artwork" id={artworkId} asOf={asOf} title={title} describe={describe} extra={(entry) => mergeLink(t, entry)} actions={revertButton}>
      {reverting && (
        <RevertDialog
          key={reverting.id}
          artworkId={artworkId}
          entry={reverting}
          summary={<EntrySummary entry={reverting} describe={describe} />}
          onClose={() => setReverting(null)}
        />
      )}
    </History>
  );
}
