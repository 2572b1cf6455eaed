import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { AREA_FILE, areaList, fileArea, gridArea } from '../../testing/areas';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { systemLists } from '../../testing/lists';
import { MY_PROFILE } from '../../testing/profile';
import { renderRoute } from '../../testing/render';
import { submissionList } from '../../testing/submissions';

function api(areas: Handler) {
  return mockFetch({
    'GET /api/me/submissions': () => envelope(submissionList([])),
    'GET /api/me/edits': () => envelope({ edits: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
    'GET /api/me/lists': () => envelope({ lists: systemLists() }),
    'GET /api/me/profile': () => envelope(MY_PROFILE),
    'GET /api/me/areas': areas,
  });
}

const section = () => screen.findByRole('region', { name: 'Your areas' });

describe('/profile: your areas', () => {
  it('lists each area begun, finished first, with its progress and a link to it on the map', async () => {
    const done = gridArea({ key: 'g:1:1', name: 'Gastown', seen: 3, artworks: 3, finished: true });
    const begun = fileArea({ seen: 2, artworks: 5 });
    const { callsTo } = api(() => areaList([done, begun], { file: AREA_FILE }));
    renderRoute('/profile', { who: 'user' });
    const areas = await section();
    const list = await within(areas).findByRole('list', { name: 'Areas you have begun' });
    const [first, second] = within(list).getAllByRole('listitem');

    expect(first).toHaveTextContent('Gastown');
    expect(first).toHaveTextContent('3 of 3 seen');
    expect(first).toHaveTextContent('Finished');
    expect(within(first!).getByRole('progressbar', { name: 'Seen in Gastown' })).toHaveAttribute('value', '3');

    expect(second).toHaveTextContent('Kitsilano');
    expect(second).toHaveTextContent('2 of 5 seen');
    expect(second).not.toHaveTextContent('Finished');
    const bar = within(second!).getByRole('progressbar', { name: 'Seen in Kitsilano' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '5');
    expect(within(second!).getByRole('link', { name: 'Show on the map (Kitsilano)' })).toHaveAttribute(
      'href',
      '/?areas=1&fit=-123.18%2C49.26%2C-123.14%2C49.28',
    );

    expect(within(areas).getByText('Areas: Local area boundaries. Boundaries: City of Vancouver, Open Government Licence')).toBeInTheDocument();
    // Every area begun: no view asked.
    expect([...callsTo('/api/me/areas')[0]!.url.searchParams.keys()]).toEqual([]);
  });

  it('says how to begin one when there is none yet', async () => {
    api(() => areaList([]));
    renderRoute('/profile', { who: 'user' });
    expect(await within(await section()).findByText('Visit or add an artwork to start an area.')).toBeInTheDocument();
    expect(within(await section()).getByText('Areas are squares of about 1 km, named by their place.')).toBeInTheDocument();
  });

  it('says when the areas could not be read, with a retry', async () => {
    let fail = true;
    api(() => (fail ? apiError(500, 'INTERNAL_ERROR', 'Something broke') : areaList([gridArea({ seen: 1 })])));
    renderRoute('/profile', { who: 'user' });
    const areas = await section();
    expect(await within(areas).findByText('Could not load your areas')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(areas).getByRole('button', { name: 'Try again' }));
    expect(await within(areas).findByText('1 of 3 seen')).toBeInTheDocument();
  });

  it('is not there for someone not signed in', async () => {
    const { callsTo } = api(() => areaList([]));
    renderRoute('/profile', { who: 'anonymous' });
    await screen.findByRole('heading', { level: 2, name: 'Submissions' });
    expect(screen.queryByRole('region', { name: 'Your areas' })).not.toBeInTheDocument();
    expect(callsTo('/api/me/areas')).toHaveLength(0);
  });

  it('speaks French when the interface does', async () => {
    setLocale('fr');
    api(() => areaList([fileArea()]));
    renderRoute('/profile', { who: 'user' });
    const areas = await screen.findByRole('region', { name: 'Vos zones' });
    expect(await within(areas).findByText('2 sur 5 vues')).toBeInTheDocument();
    expect(within(areas).getByRole('link', { name: 'Voir sur la carte (Kitsilano)' })).toBeInTheDocument();
  });
});
