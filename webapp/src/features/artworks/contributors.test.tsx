import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Credits } from '../../api/types';
import { artworkRoutes, historyPage, ORCA } from '../../testing/artworks';
import { envelope, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { contributionText } from './ArtworkContributors';

const CREDITS: Credits = {
  contributors: [
    { display_name: 'Ada', fields: 2, photos: 3 },
    { display_name: 'City of Vancouver Public Art', fields: 1, photos: 0 },
  ],
  fields: [
    { field: 'title', by: 'Ada', approved_by: 'Mod Squad', at: '2025-03-15T12:00:00Z', change: '900-3' },
    { field: 'tag:material', by: 'Ada', approved_by: 'Mod Squad', at: '2025-03-15T12:00:00Z', change: '900-3' },
    { field: 'artwork_type', by: 'City of Vancouver Public Art', approved_by: null, at: '2025-01-15T12:00:00Z', change: '900-1' },
  ],
  photos: [{ submission_id: null, photos: 3, by: 'Ada', approved_by: 'Mod Squad', at: '2025-02-15T12:00:00Z' }],
};

const routes = (credits: Credits) => artworkRoutes(ORCA, () => envelope(historyPage([])), () => envelope(ORCA), credits);

describe('artwork contributors', () => {
  it('words what someone contributed', () => {
    expect(contributionText({ fields: 2, photos: 3 })).toBe('2 details and 3 photos');
    expect(contributionText({ fields: 1, photos: 0 })).toBe('1 detail');
    expect(contributionText({ fields: 0, photos: 1 })).toBe('1 photo');
  });

  it('credits everyone, most first, and who set each detail and approved it', async () => {
    mockFetch(routes(CREDITS));
    renderRoute(`/artwork/${ORCA.id}`);
    const list = await screen.findByRole('list', { name: 'Contributors' });
    const people = within(list).getAllByRole('listitem');
    expect(people[0]).toHaveTextContent('Ada 2 details and 3 photos');
    expect(people[1]).toHaveTextContent('City of Vancouver Public Art 1 detail');

    await userEvent.click(screen.getByText('Who set each detail'));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('titleAdaMod Squad');
    expect(rows[2]).toHaveTextContent('materialAdaMod Squad');
    expect(rows[3]).toHaveTextContent('typeCity of Vancouver Public Art—');
  });

  it('says when nobody is credited yet', async () => {
    mockFetch(routes({ contributors: [], fields: [], photos: [] }));
    renderRoute(`/artwork/${ORCA.id}`);
    expect(await screen.findByText('No contributions yet.')).toBeInTheDocument();
  });

  it('is left out of the artwork as of a past change', async () => {
    const { callsTo } = mockFetch(routes(CREDITS));
    renderRoute(`/artwork/${ORCA.id}?as_of=900-1`);
    await screen.findByRole('heading', { level: 1, name: ORCA.title });
    expect(screen.queryByRole('heading', { name: 'Contributors' })).not.toBeInTheDocument();
    expect(callsTo(`/api/artworks/${ORCA.id}/contributors`)).toHaveLength(0);
  });
});
