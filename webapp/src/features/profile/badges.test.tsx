import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AwardedBadge, CatalogueBadge } from '../../api/types';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

function catalogued(key: string, title: string, emoji: string, description: string, reason: string, held: number): CatalogueBadge {
  return {
    badge_id: `id-${key}`,
    badge_key: key,
    title,
    description,
    icon_emoji: emoji,
    award_reason: reason,
    rule: { kind: 'approved_submissions', at_least: 1 },
    active: true,
    award_count: held,
  };
}

const CATALOGUE = [
  catalogued('email_verified', 'Verified', '✅', 'You verified your e-mail address', 'E-mail address verified', 40),
  catalogued('first_contribution', 'First contribution', '🌱', 'Your first approved contribution', '1 approved contribution', 12),
  catalogued('photo_1', 'First photo', '📸', 'Your first approved photo', '1 approved photo', 1),
  catalogued('visits_10', 'Regular', '👣', 'Ten visits logged', '10 visits logged', 0),
];

const awarded = (b: CatalogueBadge, at: string): AwardedBadge => ({
  badge_id: b.badge_id,
  badge_key: b.badge_key,
  title: b.title,
  description: b.description,
  icon_emoji: b.icon_emoji,
  award_reason: b.award_reason,
  awarded_at: at,
});

const MINE = [awarded(CATALOGUE[1]!, '2025-05-02T10:00:00Z'), awarded(CATALOGUE[0]!, '2024-11-20T10:00:00Z')];

function api(over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/me/badges': () => envelope({ badges: MINE }),
    'GET /api/badges': () => envelope({ badges: CATALOGUE }),
    ...over,
  });
}

/** /profile/badges for a signed-in account, the badges answered by `api(over)`. */
function openBadges(over: Record<string, Handler> = {}) {
  const mocked = api(over);
  renderRoute('/profile/badges', { who: 'user' });
  return mocked;
}

const card = (list: HTMLElement, title: string) =>
  within(list).getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

describe('/profile/badges', () => {
  it('shows the badges earned, newest first, with why and when', async () => {
    openBadges();
    const mine = await screen.findByRole('list', { name: 'Your badges' });
    expect(within(mine).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['First contribution', 'Verified']);
    const first = card(mine, 'First contribution');
    expect(first).toHaveTextContent('🌱');
    expect(within(first).getByText('Your first approved contribution')).toBeInTheDocument();
    expect(within(first).getByText('1 approved contribution')).toBeInTheDocument();
    expect(within(first).getByText(/^Earned .*2025$/)).toBeInTheDocument();
    expect(within(card(mine, 'Verified')).getByText(/^Earned .*2024$/)).toBeInTheDocument();
  });

  it('shows the ones still to earn: what they are, what earns them and how many hold them', async () => {
    openBadges();
    const toEarn = await screen.findByRole('list', { name: 'Badges still to earn' });
    expect(within(toEarn).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['First photo', 'Regular']);
    const photo = card(toEarn, 'First photo');
    expect(within(photo).getByText('Your first approved photo')).toBeInTheDocument();
    expect(within(photo).getByText('To earn: 1 approved photo')).toBeInTheDocument();
    expect(within(photo).getByText('Held by 1 contributor')).toBeInTheDocument();
    expect(within(card(toEarn, 'Regular')).getByText('Not held by anyone yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Still to earn' })).toBeInTheDocument();
  });

  it('counts the holders in the plural', async () => {
    openBadges({ 'GET /api/me/badges': () => envelope({ badges: [] }) });
    const toEarn = await screen.findByRole('list', { name: 'Badges still to earn' });
    expect(within(card(toEarn, 'Verified')).getByText('Held by 40 contributors')).toBeInTheDocument();
  });

  it('invites a first badge when there is none, and still lists what can be earned', async () => {
    openBadges({ 'GET /api/me/badges': () => envelope({ badges: [] }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'No badges yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your badges' })).not.toBeInTheDocument();
    const toEarn = await screen.findByRole('list', { name: 'Badges still to earn' });
    expect(within(toEarn).getAllByRole('listitem')).toHaveLength(CATALOGUE.length);
  });

  it('says it is loading until the badges arrive', async () => {
    let answer: ((r: Response) => void) | null = null;
    openBadges({ 'GET /api/me/badges': () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading badges…')).toBeInTheDocument();
    // The screen says so as the query starts; the request itself goes out a moment later.
    await waitFor(() => expect(answer).not.toBeNull());
    answer!(envelope({ badges: MINE }));
    expect(await screen.findByRole('list', { name: 'Your badges' })).toBeInTheDocument();
    expect(screen.queryByText('Loading badges…')).not.toBeInTheDocument();
  });

  it('shows an error with a retry, which reads them again', async () => {
    let fail = true;
    const { callsTo } = openBadges({
      'GET /api/me/badges': () => (fail ? apiError(500, 'INTERNAL_ERROR', 'Something broke (ref 7)') : envelope({ badges: MINE })),
    });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('alert')).toHaveTextContent('Something broke (ref 7)');
    fail = false;
    await userEvent.click(main.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your badges' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/me/badges')).toHaveLength(2));
  });

  it('asks a visitor to sign in, without asking for badges', async () => {
    const { callsTo } = api();
    renderRoute('/profile/badges', { who: 'anonymous' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in to collect badges' })).toBeInTheDocument();
    expect(callsTo('/api/me/badges')).toHaveLength(0);
    expect(callsTo('/api/badges')).toHaveLength(0);
  });
});
