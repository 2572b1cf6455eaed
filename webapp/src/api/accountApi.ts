/**
 * The signed-in account's own data (SPEC §7): profile (which also carries the role flags the
 * session and the route guards read), the profile-name check, preferences. All answer 401 when
 * not signed in.
 */
import { baseApi, unwrap } from './baseApi';
import type {
  Envelope_PreferencesAnswer,
  Envelope_Profile,
  Envelope_ProfileCheck,
  Preferences,
  Profile,
  ProfileCheck,
} from './types';

/** The document's `preferences` (an object without properties) widens to the server's flat object. */
const asProfile = (r: Envelope_Profile): Profile => unwrap(r);

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyProfile: build.query<Profile, void>({
      query: () => '/me/profile',
      transformResponse: asProfile,
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<Profile, { profile_name: string }>({
      query: (body) => ({ url: '/me/profile', method: 'PATCH', body }),
      transformResponse: asProfile,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(accountApi.util.upsertQueryData('getMyProfile', undefined, data));
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
