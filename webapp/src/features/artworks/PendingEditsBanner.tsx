/**
 * On an artwork's page, for a signed-in viewer: their own proposed edits to it that still wait
 * for a moderator, and which fields they change.
 */
import { selectIsAuthenticated } from '../../api/session';
import { useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { fieldList } from '../../lib/fieldText';
import { useGetPendingEditsQuery } from './artworksApi';

export function PendingEditsBanner({ artworkId }: { artworkId: string }) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { data: pending = [] } = useGetPendingEditsQuery(artworkId, { skip: !signedIn });
  if (!signedIn || pending.length === 0) return null;
  const fields = pending.flatMap((p) => p.edits.map((e) => e.field_name));
  return (
    <div className="notice pending-edits" role="status" data-testid="pending-edits">
      <p className="pending-edits__text">
        <Icon name="info" size={20} />
        <span>
          <strong>{pending.length === 1 ? 'Your edit is waiting for review.' : `Your ${pending.length} edits are waiting for review.`}</strong>
          {fields.length > 0 && ` ${pending.length === 1 ? 'It changes' : 'They change'} the ${fieldList(fields)}.`}
        </span>
      </p>
    </div>
  );
}
