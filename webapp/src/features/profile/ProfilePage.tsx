/**
 * /profile: who you are here (name, member since, role, profile name), your statistics, the areas
 * you have begun, your submissions, edits and lists, and your preferences (the account's when signed in; only this
 * device's theme and language otherwise).
 */
import { Link } from 'react-router';
import { useGetMyProfileQuery } from '../../api/accountApi';
import { displayName, roleOf, selectIsAuthenticated, selectUser } from '../../api/session';
import { useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { Section } from '../../components/Section';
import { SignInButton } from '../../components/SignInRequired';
import { LanguagePicker, ThemePicker } from '../../components/PreferencePickers';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { formatDate } from '../../lib/format';
import { ProfileNameEditor } from './ProfileNameEditor';
import { MyAreas } from './MyAreas';
import { MyEdits } from './MyEdits';
import { MyLists } from './MyLists';
import { MySubmissions } from './MySubmissions';
import { PreferencesForm } from './PreferencesForm';
import { ProfileStatistics } from './ProfileStatistics';
import './profile.css';

const ROLE_LABELS = { admin: 'profile.role.admin', moderator: 'profile.role.moderator', user: 'profile.role.user' } as const satisfies Record<
  string,
  MessageKey
>;

export function ProfilePage() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsAuthenticated);
  // Read afresh on each visit: the statistics move as submissions are sent and reviewed.
  const profile = useGetMyProfileQuery(undefined, { skip: !signedIn, refetchOnMountOrArgChange: true });
  const profileName = (signedIn ? (profile.data?.profile_name ?? user?.profileName) : null) ?? null;
  const memberSince = signedIn ? (profile.data?.created_at ?? user?.createdAt ?? null) : null;

  return (
    <div className="page page--narrow">
      <PageHeader title={t('profile.page.title')} documentTitle={t('profile.page.documentTitle')} subtitle={displayName(user)} />
      <section className="section profile-card" aria-label={t('profile.page.card')}>
        <Icon name="profile" size={40} />
        <div>
          <p className="profile-card__name">{profileName ?? displayName(user)}</p>
          {profileName && <p className="muted small">{displayName(user)}</p>}
          <p className="muted small">
            {signedIn ? t(ROLE_LABELS[roleOf(user)]) : t('profile.role.anonymous')}
            {memberSince && formatDate(memberSince) && <> · {t('profile.memberSince', { date: formatDate(memberSince) })}</>}
          </p>
          {signedIn && profileName && user && (
            <p className="small">
              <Link to={to.user(user.id)}>{t('profile.page.viewPublic')}</Link>
            </p>
          )}
        </div>
        {!signedIn && (
          <SignInButton>{t('profile.signIn')}</SignInButton>
        )}
      </section>
      {signedIn && (
        <section className="section">
          <h2 className="section__title">{t('profile.name.label')}</h2>
          <ProfileNameEditor key={profileName ?? ''} current={profileName} />
        </section>
      )}
      {!signedIn && (
        <p className="notice" role="note">
          {t('profile.page.anonymousNote')}
        </p>
      )}
      {signedIn && (
        <nav className="button-row" aria-label={t('profile.page.sections')}>
          <Link className="button button--outlined" to={to.notifications()}>
            <Icon name="bell" size={18} /> {t('profile.page.notifications')}
          </Link>
          <Link className="button button--outlined" to={to.badges()}>
            <Icon name="badge" size={18} /> {t('profile.badges.title')}
          </Link>
        </nav>
      )}
      {signedIn && (
        <ProfileStatistics profile={profile.data} isLoading={profile.isLoading} error={profile.error} onRetry={() => void profile.refetch()} />
      )}
      {signedIn && <MyAreas />}
      <MySubmissions />
      {signedIn && <MyEdits />}
      <MyLists />
      <Section titleId="profile-preferences" title={t('profile.preferences.title')}>
        {signedIn ? (
          <PreferencesForm />
        ) : (
          <>
            <ThemePicker />
            <LanguagePicker />
            <p className="muted small">{t('profile.preferences.deviceOnly')}</p>
          </>
        )}
      </Section>
    </div>
  );
}
