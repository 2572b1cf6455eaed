import { Link, useLocation } from 'react-router';
import { EmptyPage } from '../components/NotFound';
import { EmptyState } from '../components/states';
import { to } from '../config/routes';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <EmptyPage title="Page not found">
      <EmptyState
        icon="map"
        title="There’s nothing here"
        action={
          <div className="button-row button-row--center">
            <Link className="button button--filled" to={to.map()}>
              Go to the map
            </Link>
            <Link className="button button--outlined" to={to.search()}>
              Search
            </Link>
          </div>
        }
      >
        <p>
          No page lives at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </p>
      </EmptyState>
    </EmptyPage>
  );
}
