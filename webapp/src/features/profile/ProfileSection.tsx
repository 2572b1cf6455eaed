/** A section of /profile read from the server: its title, then the read's progress, failure or result. */
import type { ReactNode } from 'react';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
import { useT, type MessageKey } from '../../i18n';

/** Each section's title's id, its title, what its skeleton says while it loads, and the title of its failure. */
const SECTIONS = {
  statistics: ['profile-statistics', 'profile.stats.title', 'profile.stats.loading', 'profile.stats.loadFailed'],
  submissions: ['my-submissions-title', 'profile.submissions.title', 'profile.submissions.loading', 'profile.submissions.loadFailed'],
  edits: ['my-edits-title', 'profile.edits.title', 'profile.edits.loading', 'profile.edits.loadFailed'],
  lists: ['my-lists-title', 'profile.lists.title', 'profile.lists.loading', 'profile.lists.loadFailed'],
  areas: ['my-areas-title', 'profile.areas.title', 'profile.areas.loading', 'profile.areas.loadFailed'],
} as const satisfies Record<string, readonly [string, MessageKey, MessageKey, MessageKey]>;

/**
 * The section `of` under its title: while `query` loads, a skeleton `lines` long; when it failed
 * (`failed`, by default when the query has an error), the failure with a retry; otherwise
 * `children`. `after` follows whichever of them shows.
 */
export function ProfileSection({
  of,
  query,
  lines,
  failed,
  after,
  children,
}: {
  of: keyof typeof SECTIONS;
  query: { error?: unknown; isLoading: boolean; refetch: () => unknown };
  lines: number;
  failed?: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const [titleId, title, loading, loadFailed] = SECTIONS[of];
  return (
    <Section titleId={titleId} title={t(title)}>
      <QueryState query={query} loadingLabel={t(loading)} lines={lines} failed={failed} failedTitle={t(loadFailed)}>
        {children}
      </QueryState>
      {after}
    </Section>
  );
}
