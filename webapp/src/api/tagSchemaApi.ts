/**
 * GET /tags/schema: the details an artwork can have and the values each takes (the vocabulary
 * the server checks), for the forms that offer them and the screens that label them. It changes
 * only with a release (the server lets it be cached for an hour): read once per session.
 */
import { useMemo } from 'react';
import { vocabularyOf, type TagVocabulary } from '../lib/tagGroups';
import { baseApi, unwrap } from './baseApi';
import type { Envelope_TagSchema, TagSchema } from './types';

export const tagSchemaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTagSchema: build.query<TagSchema, void>({
      query: () => '/tags/schema',
      transformResponse: (r: Envelope_TagSchema) => unwrap(r),
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetTagSchemaQuery } = tagSchemaApi;

/**
 * The tag vocabulary: the server's schema once loaded; until then, or if it cannot be loaded,
 * `NO_VOCABULARY` (every detail a free one).
 */
export function useTagVocabulary(): TagVocabulary {
  const { data } = useGetTagSchemaQuery(undefined, { refetchOnMountOrArgChange: false });
  return useMemo(() => vocabularyOf(data), [data]);
}
