/** Steps the tests of every review (submissions, artwork edits, artist edits) take alike. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * In the open rejection dialog `title`: Reject without a reason is refused ("Reason is
 * required"); then Reject with `reason`.
 */
export async function rejectWithReason(title: string, reason: string): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
}
