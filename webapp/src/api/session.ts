/**
 * Who is using the app (SPEC §3, §4, §6): the session slice, its start-up, sign-in and sign-out
 * flows, and the role selectors the shell and the route guards read.
 */
import { createAsyncThunk, createSlice, type PayloadAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { t } from '../i18n';
import { logger } from '../lib/logger';
import { accountApi } from './accountApi';
import { authApi } from './authApi';
import { baseApi } from './baseApi';
import type { AuthStatus, Profile } from './types';
import { clearToken, generateClientToken, getToken, setToken } from './token';

export interface SessionUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  isModerator: boolean;
  canReview: boolean;
  isAdmin: boolean;
  createdAt: string | null;
  /** The public name chosen on /profile; null until one is set (and for anonymous users). */
  profileName: string | null;
}

/** The role flags the profile carries (`is_reviewer`, `debug.permissions`), for one account. */
export interface ProfileRoles {
  uuid: string;
  isReviewer: boolean;
  isModerator: boolean;
  isAdmin: boolean;
}

export interface SessionState {
  /**
   * `initialising` until the first auth status answer (or its failure) and, for a signed-in
   * user, the profile's role flags (or their failure): the route guards wait for `ready`.
   */
  status: 'initialising' | 'ready';
  isAuthenticated: boolean;
  user: SessionUser | null;
  /** Role flags from GET /me/profile; combined with the auth status' flags. */
  profileRoles?: ProfileRoles | null;
}

export const initialSessionState: SessionState = {
  status: 'initialising',
  isAuthenticated: false,
  user: null,
  profileRoles: null,
};

/** Permission names that make a moderator (reviewer) or an admin. */
const MODERATOR_PERMISSIONS = new Set(['moderator', 'reviewer']);
const ADMIN_PERMISSIONS = new Set(['admin']);

/** Every auth status names a user (anonymous ones too) and all three role flags. */
export function userFromAuthStatus(s: AuthStatus): SessionUser {
  return {
    id: s.user.uuid,
    email: s.user.email ?? null,
    emailVerified: s.is_authenticated && !!s.user.email,
    isModerator: s.is_moderator,
    canReview: s.can_review,
    isAdmin: s.is_admin,
    createdAt: s.user.created_at ?? null,
    profileName: s.is_authenticated ? (s.profile_name ?? null) : null,
  };
}

/** The profile's role flags: `is_reviewer`/`is_moderator`/`is_admin`, and active permissions. */
export function rolesFromProfile(p: Partial<Profile>, uuid: string): ProfileRoles {
  const active = new Set<string>([
    ...(p.permissions ?? []),
    ...(p.debug?.permissions ?? []).filter((x) => x.is_active).map((x) => x.permission),
  ]);
  const has = (names: Set<string>) => [...active].some((a) => names.has(a.toLowerCase()));
  return {
    uuid,
    isReviewer: !!p.is_reviewer,
    isModerator: !!p.is_moderator || has(MODERATOR_PERMISSIONS),
    isAdmin: !!p.is_admin || has(ADMIN_PERMISSIONS),
  };
}

/** The user with the profile's flags added (never removed: either source grants). */
function withProfileRoles(user: SessionUser, roles: ProfileRoles | null | undefined): SessionUser {
  if (!roles || roles.uuid !== user.id) return user;
  const moderator = roles.isReviewer || roles.isModerator;
  return {
    ...user,
    isModerator: user.isModerator || moderator,
    canReview: user.canReview || moderator,
    isAdmin: user.isAdmin || roles.isAdmin,
  };
}

/** User-specific cached data dropped when the identity changes. */
const USER_TAGS = ['Auth', 'Profile', 'Notification', 'List', 'Submission', 'Badge', 'Review'] as const;

const statusRequest = () => authApi.endpoints.getAuthStatus.initiate(undefined, { forceRefetch: true, subscribe: false });

/**
 * Reads auth status and, when signed in, the profile's role flags. Returns the status, or null
 * when that call failed (only logged: 'Failed to refresh auth status').
 */
async function loadIdentity(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): Promise<AuthStatus | null> {
  const result = await dispatch(statusRequest());
  if (result.error || !result.data) {
    logger.warn('Failed to refresh auth status', { error: result.error });
    return null;
  }
  if (!getToken() && result.data.user_token) setToken(result.data.user_token);
  if (result.data.is_authenticated) {
    const profile = await dispatch(
      accountApi.endpoints.getMyProfile.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    if (profile.error) logger.warn('Failed to load the profile', { error: profile.error });
  }
  return result.data;
}

/**
 * Start-up: ask the server who we are, sending any stored token. Without a stored token the
 * answer mints one (stored from the header or the body); if that call fails, an anonymous token
 * is generated on the client (a random UUID: `crypto.randomUUID`, else one made by hand).
 */
export const initSession = createAsyncThunk('session/init', async (_: void, { dispatch }) => {
  const hadToken = getToken() !== null;
  const status = await loadIdentity(dispatch);
  if (!status && !hadToken && !getToken()) {
    setToken(generateClientToken());
    logger.warn('Auth status unavailable; using a client-generated anonymous token');
  }
});

/** Re-reads auth status and the profile (after a change of role or name); failures are only logged. */
export const refreshSession = createAsyncThunk('session/refresh', async (_: void, { dispatch }) => {
  await loadIdentity(dispatch);
});

/**
 * After a successful verification (the session token is already stored from the response's
 * `X-User-Token`): drop the anonymous identity's cached data and read the new identity.
 */
export const completeSignIn = createAsyncThunk('session/signedIn', async (_: void, { dispatch }) => {
  dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
  await loadIdentity(dispatch);
});

/**
 * Sign-out: the server revokes the session and hands back a fresh anonymous token (body and
 * header). If that fails, the state is cleared anyway, the token removed and a fresh anonymous
 * one obtained from auth status, or generated on the client if that fails too.
 */
export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch }) => {
  const request = dispatch(authApi.endpoints.logout.initiate());
  const result = await request;
  request.reset();
  dispatch(sessionCleared());
  const fresh = 'data' in result ? result.data?.new_user_token : undefined;
  if (fresh) {
    setToken(fresh);
  } else {
    logger.error('Logout failed', { error: 'error' in result ? result.error : undefined });
    clearToken();
  }
  dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
  const status = await loadIdentity(dispatch);
  if (!status && !getToken()) setToken(generateClientToken());
});

/**
 * The server said the stored token's session has ended (signed out elsewhere, revoked, expired):
 * as after a sign-out, with nothing to revoke. The account is forgotten at once (nothing more
 * goes as it), who we are is read again (the answer mints and stores a fresh anonymous token),
 * then the account's cached data is dropped and read again under that token. If that read fails
 * (offline), the session stays signed out and unknown until it is read again.
 */
export const forgetEndedSession = createAsyncThunk('session/ended', async (_: void, { dispatch }) => {
  dispatch(sessionCleared());
  await loadIdentity(dispatch);
  dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
});

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionCleared: (state) => {
      state.isAuthenticated = false;
      state.user = null;
      state.profileRoles = null;
    },
    /** For tests and previews: set the session directly. */
    sessionSet: (_state, action: PayloadAction<SessionState>) => action.payload,
  },
  extraReducers: (builder) => {
    builder
      .addCase(initSession.fulfilled, (state) => {
        state.status = 'ready';
      })
      .addCase(initSession.rejected, (state) => {
        state.status = 'ready';
      })
      .addMatcher(authApi.endpoints.getAuthStatus.matchFulfilled, (state, action) => {
        const user = userFromAuthStatus(action.payload);
        if (state.profileRoles && state.profileRoles.uuid !== user.id) state.profileRoles = null;
        if (!action.payload.is_authenticated) state.profileRoles = null;
        state.isAuthenticated = action.payload.is_authenticated;
        state.user = withProfileRoles(user, state.profileRoles);
      })
      .addMatcher(
        (a) => accountApi.endpoints.getMyProfile.matchFulfilled(a) || accountApi.endpoints.updateProfile.matchFulfilled(a),
        (state, action: PayloadAction<Partial<Profile>>) => {
          const user = state.user;
          if (!state.isAuthenticated || !user) return;
          const profile = action.payload;
          if (profile.uuid && profile.uuid !== user.id) return;
          state.profileRoles = rolesFromProfile(profile, user.id);
          const merged = withProfileRoles(user, state.profileRoles);
          state.user = {
            ...merged,
            profileName: profile.profile_name !== undefined ? profile.profile_name : user.profileName,
            createdAt: user.createdAt ?? profile.created_at ?? null,
          };
        },
      );
  },
});

export const { sessionCleared, sessionSet } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export type WithSession = { session: SessionState };

export const selectSession = (s: WithSession) => s.session;
export const selectSessionReady = (s: WithSession) => s.session.status === 'ready';
export const selectIsAuthenticated = (s: WithSession) => s.session.isAuthenticated;
export const selectUser = (s: WithSession) => s.session.user;
export const selectIsAdmin = (s: WithSession) => !!s.session.user?.isAdmin;
/** Moderators, reviewers and admins may moderate. */
export const selectCanModerate = (s: WithSession) => {
  const u = s.session.user;
  return !!u && (u.isAdmin || u.isModerator || u.canReview);
};

export type Role = 'admin' | 'moderator' | 'user';

/** The role the shell shows: admin, else moderator if canReview, else user. */
export function roleOf(user: SessionUser | null): Role {
  if (user?.isAdmin) return 'admin';
  if (user?.canReview) return 'moderator';
  return 'user';
}

/** The email if verified, otherwise 'Anonymous ({first 8 chars of id}...)'. */
export function displayName(user: SessionUser | null): string {
  if (!user) return t('lib.session.anonymous');
  if (user.emailVerified && user.email) return user.email;
  return t('lib.session.anonymousId', { id: user.id.slice(0, 8) });
}
