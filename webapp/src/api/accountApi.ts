/**
 * The signed-in account's own data (SPEC §7): profile (which also carries the role flags the
 * session and the route guards read), the profile-name check, preferences. All answer 401 when
 * not signed in. Preferences: the account's theme is applied whenever they are read or saved;
 * `components/usePreferences` gives every screen the effective ones (typed in `lib/preferences`).
 */
import { adoptAccountPreferences } from '../lib/preferences';
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
          adoptAccountPreferences(data.preferences);
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
          adoptAccountPreferences(data);
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
