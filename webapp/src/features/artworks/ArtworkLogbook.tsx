/** An artwork's logbook on its detail page: the visits people logged. */
import { Link } from 'react-router';
import type { LogbookEntryDto } from '../../api/types';
import { PhotoImage } from '../../components/PhotoImage';
import { Section } from '../../components/Section';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { formatDate } from '../../lib/format';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';

const CONDITION_TEXT: Partial<Record<string, MessageKey>> = {
  good: 'artworks.logbook.condition.good',
  fair: 'artworks.logbook.condition.fair',
  poor: 'artworks.logbook.condition.poor',
  damaged: 'artworks.logbook.condition.damaged',
  missing: 'artworks.logbook.condition.missing',
};

/** A visit's condition as people read it (one the app does not know, as its words). */
function conditionText(condition: string, t: (key: MessageKey) => string): string {
  const key = CONDITION_TEXT[condition];
  return key ? t(key) : artworkTypeLabel(condition);
}

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
  const t = useT();
  return (
    <Section titleId="logbook-title" title={t('artworks.logbook.title')}>
      {entries.length === 0 ? (
        <p className="muted">
          {t('artworks.logbook.empty')}{' '}
          {!readOnly && <Link to={to.logbook(artworkId)}>{t('artworks.logbook.logFirst')}</Link>}
        </p>
      ) : (
        <ol className="logbook" aria-label={t('artworks.logbook.visitsTo', { title })}>
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
                    {conditionText(e.condition, t)}
                  </span>
                )}
              </p>
              {e.note && <p className="logbook__note">{e.note}</p>}
              {e.photos.length > 0 && (
                <ul className="photo-strip" aria-label={t('artworks.logbook.photosBy', { name: e.visitor.display_name })}>
                  {e.photos.map((p, i) => (
                    <li key={p.key || i}>
                      <a href={p.large_url} target="_blank" rel="noreferrer">
                        <PhotoImage photo={p} size="thumbnail" alt={t('artworks.logbook.photoBy', { n: i + 1, name: e.visitor.display_name })} />
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
