/** The app: store, session start-up, router, and the global error boundary around it all. */
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
// react-router/dom's provider lets a navigation ask for `flushSync` (controls that follow the URL).
import { RouterProvider } from 'react-router/dom';
import { initSession } from '../api/session';
import { routes } from './routes';
import { GlobalErrorBoundary } from './shell/ErrorScreen';
import { makeStore, type AppStore } from './store';

export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? makeStore());
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => {
    void store.dispatch(initSession());
  }, [store]);
  return (
    <GlobalErrorBoundary>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </GlobalErrorBoundary>
  );
}
