/** A signed-in account's GET /me/profile `data`, and a way through its lists' pages, for the profile pages' tests. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

export const PROFILE_ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';

export const MY_PROFILE = {
  uuid: PROFILE_ACCOUNT,
  email: 'ada@example.org',
  profile_name: null as string | null,
  created_at: '2024-03-12T10:00:00Z',
  preferences: {} as Record<string, unknown>,
  is_reviewer: false,
  is_moderator: false,
  is_admin: false,
  permissions: [],
  debug: { permissions: [] },
  statistics: {
    submissions: { pending: 2, approved: 9, rejected: 1, withdrawn: 3 },
    approved: { total: 9, artworks: 4, photos: 11, visits: 3, edits: 2 },
    badges: 5,
  },
};

/** From page 1 of 2 of a list on the profile to page 2, with its pager (`pager`: the pager's name). */
export async function toSecondPage(pager: string): Promise<void> {
  const nav = screen.getByRole('navigation', { name: pager });
  expect(within(nav).getByText('Page 1 of 2')).toBeInTheDocument();
  await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
}
