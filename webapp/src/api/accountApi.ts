/**
 * The signed-in account's own data (SPEC §7): profile (which also carries the role flags the
 * session and the route guards read), the profile-name check, preferences. All answer 401 when
 * not signed in. Preferences: the account's theme is applied whenever they are read or saved, and
 * `usePreferences` gives every screen the effective ones (typed in `lib/preferences`).
 */
import { useMemo } from 'react';
import { useAppSelector } from '../app/hooks';
import { adoptAccountTheme, parsePreferences, type UserPreferences } from '../lib/preferences';
import { storedTheme } from '../lib/theme';
import { baseApi, LIST_ID, unwrap } from './baseApi';
import type {
  Envelope_MyProfile,
  Envelope_PreferencesAnswer,
  Envelope_Profile,
  Envelope_ProfileCheck,
  MyProfile,
  Preferences,
  Profile,
  ProfileCheck,
} from './types';

/** The document's `preferences` (an object without properties) widens to the server's flat object. */
const asProfile = (r: Envelope_Profile): Profile => unwrap(r);

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyProfile: build.query<MyProfile, void>({
      query: () => '/me/profile',
      transformResponse: (r: Envelope_MyProfile): MyProfile => unwrap(r),
      // Its statistics count the caller's submissions: a change to them (a withdrawal) is one here.
      providesTags: ['Profile', { type: 'Submission', id: LIST_ID }],
      // Read at sign-in and on /profile: the account's theme follows it to this device.
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          adoptAccountTheme(data.preferences);
        } catch {
          // The session and the screens handle the failure.
        }
      },
    }),
    updateProfile: build.mutation<Profile, { profile_name: string }>({
      query: (body) => ({ url: '/me/profile', method: 'PATCH', body }),
      transformResponse: asProfile,
      async onQueryStarted(_arg, api) {
        const { dispatch, queryFulfilled } = api;
        try {
          const { data } = await queryFulfilled;
          // The answer is the profile without the statistics: keep the ones read with it.
          const selectCached = accountApi.endpoints.getMyProfile.select();
          const cached = selectCached(api.getState() as Parameters<typeof selectCached>[0]).data;
          if (cached) void dispatch(accountApi.util.upsertQueryData('getMyProfile', undefined, { ...cached, ...data }));
          dispatch(baseApi.util.invalidateTags([{ type: 'Profile', id: data.uuid }]));
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    checkProfileName: build.query<ProfileCheck, string>({
      query: (name) => ({ url: '/me/profile-check', params: { profile_name: name } }),
      transformResponse: (r: Envelope_ProfileCheck) => unwrap(r),
      // Availability changes as others pick names: never answer from an old result.
      keepUnusedDataFor: 0,
    }),
    updatePreferences: build.mutation<Preferences, Preferences>({
      query: (body) => ({ url: '/me/preferences', method: 'PUT', body }),
      transformResponse: (r: Envelope_PreferencesAnswer): Preferences => unwrap(r).preferences,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          adoptAccountTheme(data);
          dispatch(
            accountApi.util.updateQueryData('getMyProfile', undefined, (p) => {
              p.preferences = data;
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

export const { useGetMyProfileQuery, useUpdateProfileMutation, useCheckProfileNameQuery, useUpdatePreferencesMutation } =
  accountApi;

/** Where the effective preferences come from: this device (signed out, or the account's unreadable), or the account. */
export type PreferencesSource = 'device' | 'loading' | 'account';
export type EffectivePreferences = UserPreferences & { source: PreferencesSource };

/**
 * The preferences in effect: the account's when signed in (defaults for what it does not hold,
 * this device's theme if it holds none), else the defaults with this device's theme. While the
 * account's are being read, `source` is 'loading' and the values are those defaults.
 */
export function usePreferences(): EffectivePreferences {
  // The session's own selector is not imported: session.ts imports this module.
  const signedIn = useAppSelector((s) => s.session.isAuthenticated);
  const { currentData, error } = useGetMyProfileQuery(undefined, { skip: !signedIn });
  const stored = signedIn ? currentData?.preferences : undefined;
  // A failed read stays 'device' while it is retried (a re-read keeps the error until it answers).
  const source: PreferencesSource = !signedIn || (error && !currentData) ? 'device' : currentData ? 'account' : 'loading';
  return useMemo(() => ({ ...parsePreferences(stored, storedTheme()), source }), [stored, source]);
}
