/**
 * The detail page showing an artwork as it was at a moment of its history (`?as_of=`): the banner
 * that says so, and what shows when the artwork did not exist then or the moment is not one.
 */
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { DocumentTitle } from '../../components/PageTitle';
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';

function BackToCurrent({ artworkId, className }: { artworkId: string; className: string }) {
  return (
    <Link className={className} to={to.artwork(artworkId)}>
      Back to the current version
    </Link>
  );
}

/** `moment`: the date the version is from (see `momentText`). */
export function AsOfBanner({ artworkId, moment }: { artworkId: string; moment: string }) {
  return (
    <div className="notice as-of-banner" role="status" data-testid="as-of-banner">
      <p className="as-of-banner__text">
        <Icon name="info" size={20} />
        <span>You are viewing this artwork as it was on {moment}.</span>
      </p>
      <BackToCurrent artworkId={artworkId} className="button button--outlined button--small" />
    </div>
  );
}

/** A 404 (`invalid`: a 400 about `as_of`) for the artwork at that moment. */
export function NotAtThatMoment({ artworkId, asOf, invalid }: { artworkId: string; asOf: string; invalid: boolean }) {
  return (
    <div className="page">
      <DocumentTitle title="Artwork not found" />
      <EmptyState
        icon="artworks"
        title={invalid ? 'Not a moment in this artwork’s history' : 'This artwork did not exist at that moment.'}
        action={<BackToCurrent artworkId={artworkId} className="button button--filled" />}
      >
        {invalid && <p>“{asOf}” is neither a change in its history nor a date and time.</p>}
      </EmptyState>
    </div>
  );
}
