/**
 * On an artwork's page, for a signed-in viewer: their own proposed edits to it that still wait
 * for a moderator, and which fields they change.
 */
import { useGetPendingEditsQuery } from '../../api/artworkApi';
import { selectIsAuthenticated } from '../../api/session';
import { useAppSelector } from '../../app/hooks';
import { PendingEditsNotice } from '../../components/SubjectNotices';

export function PendingEditsBanner({ artworkId }: { artworkId: string }) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { data: pending = [] } = useGetPendingEditsQuery(artworkId, { skip: !signedIn });
  return <PendingEditsNotice subject="artwork" pending={signedIn ? pending : []} />;
}
