/** /profile: who you are here (name, member since, role, profile name), your submissions, and your settings. */
import { Link } from 'react-router';
import { useGetMyProfileQuery } from '../../api/accountApi';
import { displayName, roleOf, selectIsAuthenticated, selectUser } from '../../api/session';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { ThemePicker } from '../../components/ThemePicker';
import { to } from '../../config/routes';
import { formatDate } from '../../lib/format';
import { signInOpened } from '../../lib/ui';
import { ProfileNameEditor } from './ProfileNameEditor';
import { useGetMySubmissionsQuery } from './profileApi';

const ROLE_LABELS = { admin: 'Administrator', moderator: 'Moderator', user: 'Contributor' } as const;

export function ProfilePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const submissions = useGetMySubmissionsQuery();
  const profile = useGetMyProfileQuery(undefined, { skip: !signedIn });
  const profileName = (signedIn ? (profile.data?.profile_name ?? user?.profileName) : null) ?? null;
  const memberSince = signedIn ? (profile.data?.created_at ?? user?.createdAt ?? null) : null;

  return (
    <div className="page page--narrow">
      <PageHeader title="My submissions" documentTitle="Profile" subtitle={displayName(user)} />
      <section className="section profile-card" aria-label="Your profile">
        <Icon name="profile" size={40} />
        <div>
          <p className="profile-card__name">{profileName ?? displayName(user)}</p>
          {profileName && <p className="muted small">{displayName(user)}</p>}
          <p className="muted small">
            {signedIn ? ROLE_LABELS[roleOf(user)] : 'Anonymous contributor on this device'}
            {memberSince && formatDate(memberSince) && <> · Member since {formatDate(memberSince)}</>}
          </p>
          {signedIn && profileName && user && (
            <p className="small">
              <Link to={to.user(user.id)}>View your public profile</Link>
            </p>
          )}
        </div>
        {!signedIn && (
          <button type="button" className="button button--filled" onClick={() => dispatch(signInOpened('login'))}>
            Sign in
          </button>
        )}
      </section>
      {signedIn && (
        <section className="section">
          <h2 className="section__title">Profile name</h2>
          <ProfileNameEditor key={profileName ?? ''} current={profileName} />
        </section>
      )}
      {!signedIn && (
        <p className="notice" role="note">
          You can add artworks without an account. Sign in to keep your contributions across devices and earn badges.
        </p>
      )}
      {signedIn && (
        <nav className="button-row" aria-label="Profile sections">
          <Link className="button button--outlined" to={to.notifications()}>
            <Icon name="bell" size={18} /> Notifications
          </Link>
          <Link className="button button--outlined" to={to.badges()}>
            <Icon name="badge" size={18} /> Badges
          </Link>
        </nav>
      )}
      <section className="section">
        <h2 className="section__title">Submissions</h2>
        {submissions.isLoading ? (
          <Loading label="Loading submissions…">
            <Skeleton lines={4} />
          </Loading>
        ) : submissions.error ? (
          <QueryFailure
            error={submissions.error}
            onRetry={() => void submissions.refetch()}
            title="Could not load your submissions"
            unavailableTitle="Your submissions will appear here"
            unavailableText={<p>This server doesn’t list submissions yet.</p>}
          />
        ) : !submissions.data || submissions.data.length === 0 ? (
          <EmptyState
            icon="camera"
            title="No submissions yet"
            action={
              <Link className="button button--filled" to={to.add()}>
                Add an artwork
              </Link>
            }
          >
            <p>Artworks, visits and edits you send appear here with their review status.</p>
          </EmptyState>
        ) : (
          <ul className="row-list">
            {submissions.data.map((s) => (
              <li key={s.id} className="row-list__item">
                <div className="row-list__link">
                  <span className="row-list__text">
                    <span className="row-list__title">
                      {s.artwork_id ? <Link to={to.artwork(s.artwork_id)}>{s.title ?? 'Artwork'}</Link> : (s.title ?? 'Submission')}
                    </span>
                    <span className="row-list__meta">
                      {[s.submission_type ?? s.type, formatDate(s.created_at)].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  {s.status && <span className={`chip chip--status chip--${s.status}`}>{s.status}</span>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="section">
        <h2 className="section__title">Settings</h2>
        <ThemePicker />
      </section>
    </div>
  );
}
