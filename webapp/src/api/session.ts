/**
 * Who is using the app (SPEC §3, §4, §6): the session slice, its start-up and sign-out flows, and
 * the role selectors the shell and the route guards read.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logger } from '../lib/logger';
import { authApi } from './authApi';
import { baseApi } from './baseApi';
import { clearToken, generateClientToken, getToken, setToken } from './token';
import type { AuthStatus } from './types';

export interface SessionUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  isModerator: boolean;
  canReview: boolean;
  isAdmin: boolean;
  createdAt: string | null;
}

export interface SessionState {
  /** `initialising` until the first auth status answer (or its failure). */
  status: 'initialising' | 'ready';
  isAuthenticated: boolean;
  user: SessionUser | null;
}

export const initialSessionState: SessionState = {
  status: 'initialising',
  isAuthenticated: false,
  user: null,
};

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
  };
}

/** User-specific cached data dropped when the identity changes. */
const USER_TAGS = ['Auth', 'Profile', 'Notification', 'List', 'Submission', 'Badge', 'Review'] as const;

/**
 * Start-up: ask the server who we are, sending any stored token. Without a stored token the
 * answer mints one (stored from the header or the body); if that call fails, a client-made
 * random UUID stands in.
 */
export const initSession = createAsyncThunk('session/init', async (_: void, { dispatch }) => {
  const hadToken = getToken() !== null;
  const result = await dispatch(
    authApi.endpoints.getAuthStatus.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
  if (result.error || !result.data) {
    if (!hadToken) {
      setToken(generateClientToken());
      logger.warn('Auth status unavailable; using a client-generated anonymous token');
    } else {
      logger.warn('Failed to refresh auth status', { error: result.error });
    }
    return;
  }
  if (!getToken() && result.data.user_token) setToken(result.data.user_token);
});

/** Re-reads auth status (after sign-in); failures are only logged. */
export const refreshSession = createAsyncThunk('session/refresh', async (_: void, { dispatch }) => {
  const result = await dispatch(
    authApi.endpoints.getAuthStatus.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
  if (result.error) logger.warn('Failed to refresh auth status', { error: result.error });
});

/**
 * Sign-out: the server revokes the session and hands back a fresh anonymous token. If that
 * fails, the state is cleared anyway and a fresh anonymous token is obtained.
 */
export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch }) => {
  const result = await dispatch(authApi.endpoints.logout.initiate());
  dispatch(sessionCleared());
  const fresh = result.data?.new_user_token;
  if (fresh) {
    setToken(fresh);
  } else {
    logger.error('Logout failed', { error: result.error });
    clearToken();
    const status = await dispatch(
      authApi.endpoints.getAuthStatus.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    if (status.error || !status.data) setToken(generateClientToken());
    else if (!getToken() && status.data.user_token) setToken(status.data.user_token);
  }
  dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
});

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionCleared: (state) => {
      state.isAuthenticated = false;
      state.user = null;
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
        state.isAuthenticated = action.payload.is_authenticated;
        state.user = userFromAuthStatus(action.payload);
      });
  },
});

export const { sessionCleared, sessionSet } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };

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
  if (!user) return 'Anonymous';
  if (user.emailVerified && user.email) return user.email;
  return `Anonymous (${user.id.slice(0, 8)}...)`;
}
