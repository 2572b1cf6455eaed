/** An artwork's logbook on its detail page: the visits people logged. */
import { Link } from 'react-router';
import type { LogbookEntryDto } from '../../api/types';
import { PhotoImage } from '../../components/PhotoImage';
import { Section } from '../../components/Section';
import { to } from '../../config/routes';
import { formatDate } from '../../lib/format';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';

const CONDITION_TEXT: Record<string, string> = {
  good: 'Good condition',
  fair: 'Fair condition',
  poor: 'Poor condition',
  damaged: 'Damaged',
  missing: 'Reported missing',
};

/** Visits people logged, newest first; `readOnly` (a past version of the artwork) invites none. */
export function Logbook({
  artworkId,
  entries,
  title,
  readOnly = false,
}: {
  artworkId: string;
  entries: LogbookEntryDto[];
  title: string;
  readOnly?: boolean;
}) {
  return (
    <Section titleId="logbook-title" title="Logbook">
      {entries.length === 0 ? (
        <p className="muted">
          No visits logged yet.{' '}
          {!readOnly && <Link to={to.logbook(artworkId)}>Log the first visit</Link>}
        </p>
      ) : (
        <ol className="logbook" aria-label={`Visits to ${title}`}>
          {entries.map((e) => (
            <li key={e.id} className="logbook__entry" data-testid="logbook-entry">
              <p className="logbook__meta">
                <strong>{e.visitor.display_name}</strong>
                {formatDate(e.visited_at) && (
                  <>
                    {' · '}
                    <time dateTime={e.visited_at}>{formatDate(e.visited_at)}</time>
                  </>
                )}
                {e.condition && (
                  <span className={`chip chip--small chip--condition-${e.condition}`}>
                    {CONDITION_TEXT[e.condition] ?? artworkTypeLabel(e.condition)}
                  </span>
                )}
              </p>
              {e.note && <p className="logbook__note">{e.note}</p>}
              {e.photos.length > 0 && (
                <ul className="photo-strip" aria-label={`Photos by ${e.visitor.display_name}`}>
                  {e.photos.map((p, i) => (
                    <li key={p.key || i}>
                      <a href={p.large_url} target="_blank" rel="noreferrer">
                        <PhotoImage photo={p} size="thumbnail" alt={`Photo ${i + 1} by ${e.visitor.display_name}`} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
