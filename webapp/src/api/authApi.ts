/** Identity calls (SPEC §7): auth status, magic-link sign-in (link or code), logout. */
import { baseApi, unwrap } from './baseApi';
import type {
  AuthStatus,
  InspectAnswer,
  Envelope_AuthStatus,
  Envelope_InspectAnswer,
  Envelope_LogoutAnswer,
  Envelope_MagicLinkAnswer,
  Envelope_VerifyAnswer,
  LogoutAnswer,
  MagicLinkAnswer,
  VerifyAnswer,
  VerifyRequest,
} from './types';

/** The magic-link answer; SPEC §3 also reads `is_signup` as `isSignup`. */
export type MagicLinkResponse = MagicLinkAnswer & { isSignup: boolean };

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuthStatus: build.query<AuthStatus, void>({
      query: () => '/auth/status',
      transformResponse: (r: Envelope_AuthStatus) => unwrap(r),
      providesTags: ['Auth'],
    }),
    requestMagicLink: build.mutation<MagicLinkResponse, { email: string }>({
      query: (body) => ({ url: '/auth/request-magic-link', method: 'POST', body }),
      transformResponse: (r: Envelope_MagicLinkAnswer) => {
        const d = unwrap(r) as Partial<MagicLinkAnswer> & { isSignup?: boolean };
        const isSignup = Boolean(d.is_signup ?? d.isSignup);
        return {
          success: d.success ?? r.success,
          message: d.message ?? r.message ?? '',
          is_signup: isSignup,
          isSignup,
        };
      },
    }),
    /** Whom a link signs in as, and what this device would bring along; changes nothing. */
    inspectMagicLink: build.mutation<InspectAnswer, { token: string }>({
      query: (body) => ({ url: '/auth/magic-link/inspect', method: 'POST', body }),
      transformResponse: (r: Envelope_InspectAnswer) => unwrap(r),
    }),
    /** The new session token comes back in `X-User-Token`; the client stores it. */
    verifyMagicLink: build.mutation<VerifyAnswer, VerifyRequest>({
      query: (body) => ({ url: '/auth/verify-magic-link', method: 'POST', body }),
      transformResponse: (r: Envelope_VerifyAnswer) => unwrap(r),
    }),
    /** The fresh anonymous token comes back in the body and in `X-User-Token`. */
    logout: build.mutation<LogoutAnswer, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      transformResponse: (r: Envelope_LogoutAnswer) => unwrap(r),
    }),
  }),
});

export const { useGetAuthStatusQuery, useRequestMagicLinkMutation, useVerifyMagicLinkMutation } = authApi;
