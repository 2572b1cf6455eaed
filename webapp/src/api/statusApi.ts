/** GET /status: system health, and the product's name for titles and the shell. */
import { DEFAULT_PRODUCT_NAME } from '../config/constants';
import { baseApi, unwrap } from './baseApi';
import type { Envelope, StatusReport } from './types';

export const statusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStatus: build.query<StatusReport, void>({
      query: () => '/status',
      transformResponse: (r: Envelope<StatusReport>) => unwrap(r),
      providesTags: ['Status'],
    }),
  }),
});

export const { useGetStatusQuery } = statusApi;

/** The product's name as the server reports it; "Plinth" until (or unless) it answers. */
export function useProductName(): string {
  const { data } = useGetStatusQuery(undefined, { refetchOnMountOrArgChange: false });
  const name = data?.product_name?.trim();
  return name ? name : DEFAULT_PRODUCT_NAME;
}
