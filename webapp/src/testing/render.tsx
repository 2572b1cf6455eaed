/** Render screens with the real store and routes, as the app does. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import type { SessionState, SessionUser } from '../api/session';
import { routes } from '../app/routes';
import { makeStore, type AppStore } from '../app/store';
import { STORAGE_KEYS } from '../config/constants';
import { writeItem } from '../lib/storage';

export type Who = 'initialising' | 'anonymous' | 'user' | 'moderator' | 'admin';

/** The session user every `Who` starts from: an anonymous device's, nothing known. */
export const BASE_USER: SessionUser = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  email: null,
  emailVerified: false,
  isModerator: false,
  canReview: false,
  isAdmin: false,
  createdAt: null,
  profileName: null,
};

export function sessionFor(who: Who): SessionState {
  switch (who) {
    case 'initialising':
      return { status: 'initialising', isAuthenticated: false, user: null };
    case 'anonymous':
      return { status: 'ready', isAuthenticated: false, user: BASE_USER };
    case 'user':
      return { status: 'ready', isAuthenticated: true, user: { ...BASE_USER, email: 'ada@example.org', emailVerified: true } };
    case 'moderator':
      return {
        status: 'ready',
        isAuthenticated: true,
        user: { ...BASE_USER, email: 'mod@example.org', emailVerified: true, isModerator: true, canReview: true },
      };
    case 'admin':
      return {
        status: 'ready',
        isAuthenticated: true,
        user: { ...BASE_USER, email: 'admin@example.org', emailVerified: true, isAdmin: true, isModerator: true, canReview: true },
      };
  }
}

/** The messages of the toasts the store holds, in the order they were shown. */
export function toastMessages(store: AppStore): string[] {
  return store.getState().ui.toasts.map((t) => t.message);
}

export function storeFor(who: Who = 'anonymous'): AppStore {
  return makeStore({ session: sessionFor(who) });
}

/**
 * The whole app (shell + routes) at `path`, for a returning visitor: the welcome dialog a first
 * load opens after 500 ms would get in the way (shell.test.tsx tests it on its own).
 */
export function renderRoute(path: string, options: { who?: Who; store?: AppStore } = {}) {
  writeItem(STORAGE_KEYS.visited, 'true');
  const store = options.store ?? storeFor(options.who ?? 'anonymous');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store, router };
}

/** One component with a store and a router around it. */
export function renderWithProviders(ui: ReactElement, options: { who?: Who; store?: AppStore; path?: string } = {}) {
  const store = options.store ?? storeFor(options.who ?? 'anonymous');
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
