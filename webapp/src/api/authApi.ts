/** Identity calls (SPEC §7): auth status, magic-link sign-in, logout. */
import { baseApi, envelopeOrFlat, unwrap } from './baseApi';
import type { LogoutResponse, MagicLinkResponse, VerifyResponse } from './provisional';
import type { AuthStatus, Envelope_AuthStatus } from './types';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuthStatus: build.query<AuthStatus, void>({
      query: () => '/auth/status',
      transformResponse: (r: Envelope_AuthStatus) => unwrap(r),
      providesTags: ['Auth'],
    }),
    requestMagicLink: build.mutation<MagicLinkResponse, { email: string }>({
      query: (body) => ({ url: '/auth/request-magic-link', method: 'POST', body }),
      transformResponse: (raw: unknown) => {
        const r = envelopeOrFlat<MagicLinkResponse>(raw);
        const isSignup = Boolean(r.is_signup ?? r.isSignup);
        return { ...r, is_signup: isSignup, isSignup };
      },
    }),
    verifyMagicLink: build.mutation<VerifyResponse, { token: string }>({
      query: (body) => ({ url: '/auth/verify-magic-link', method: 'POST', body }),
      transformResponse: (raw: unknown) => envelopeOrFlat<VerifyResponse>(raw),
    }),
    logout: build.mutation<LogoutResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      transformResponse: (raw: unknown) => envelopeOrFlat<LogoutResponse>(raw),
    }),
  }),
});

export const { useGetAuthStatusQuery, useRequestMagicLinkMutation, useVerifyMagicLinkMutation } =
  authApi;
