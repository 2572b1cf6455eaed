/**
 * /profile's "Your areas" (GET /me/areas, issue 33): every area the signed-in person has begun
 * (visited or added one of its approved artworks), finished ones first, each with its progress
 * and a link to the map with the Areas layer on, fitted to it; where the areas come from under
 * the list.
 */
import { Link } from 'react-router';
import { useGetMyAreasQuery } from '../../api/areasApi';
import { AreaProgress, AreaSource } from '../../components/AreaProgress';
import { useT } from '../../i18n';
import { areasMapPath } from '../../lib/areas';
import { ProfileSection } from './ProfileSection';

export function MyAreas() {
  const t = useT();
  // Read afresh on each visit: an approval moves it.
  const { data, error, isLoading, refetch } = useGetMyAreasQuery(null, { refetchOnMountOrArgChange: true });
  return (
    <ProfileSection
      of="areas"
      query={{ isLoading, error, refetch }}
      lines={3}
      // A failed refresh keeps the areas already read on screen.
      failed={Boolean(error) && !data}
      after={data && <AreaSource file={data.file} />}
    >
      {data && data.areas.length === 0 ? (
        <p className="muted">{t('profile.areas.empty')}</p>
      ) : (
        <ul className="row-list" aria-label={t('profile.areas.list')}>
          {data?.areas.map((a) => (
            <li key={a.key} className="row-list__item my-area">
              <span className="row-list__text">
                <span className="row-list__title">{a.name}</span>
                <AreaProgress area={a} name={a.name} />
              </span>
              <Link className="button button--text button--small" to={areasMapPath(a)}>
                {t.rich('profile.areas.showOnMap', { area: a.name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
