/** A section of /profile read from the server: its title, then the read's progress, failure or result. */
import type { ReactNode } from 'react';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
import { useT, type MessageKey } from '../../i18n';

/** Each section's title, what its skeleton says while it loads, and the title of its failure. */
const WORDS = {
  statistics: ['profile.stats.title', 'profile.stats.loading', 'profile.stats.loadFailed'],
  submissions: ['profile.submissions.title', 'profile.submissions.loading', 'profile.submissions.loadFailed'],
  edits: ['profile.edits.title', 'profile.edits.loading', 'profile.edits.loadFailed'],
  lists: ['profile.lists.title', 'profile.lists.loading', 'profile.lists.loadFailed'],
  areas: ['profile.areas.title', 'profile.areas.loading', 'profile.areas.loadFailed'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey, MessageKey]>;

/**
 * The section `of` under its title (id `titleId`): while `query` loads, a skeleton `lines` long;
 * when it failed (`failed`, by default when the query has an error), the failure with a retry;
 * otherwise `children`. `after` follows whichever of them shows.
 */
export function ProfileSection({
  of,
  titleId,
  query,
  lines,
  failed,
  after,
  children,
}: {
  of: keyof typeof WORDS;
  titleId: string;
  query: { error?: unknown; isLoading: boolean; refetch: () => unknown };
  lines: number;
  failed?: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const [title, loading, loadFailed] = WORDS[of];
  return (
    <Section titleId={titleId} title={t(title)}>
      <QueryState query={query} loadingLabel={t(loading)} lines={lines} failed={failed} failedTitle={t(loadFailed)}>
        {children}
      </QueryState>
      {after}
    </Section>
  );
}
