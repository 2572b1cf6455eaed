import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ListSummary, NewList } from '../../api/types';
import { apiError, envelope, json, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { customList, LOVED_ID, MURALS_ID, systemLists, WALK_ID } from '../../testing/lists';
import { renderRoute, type Who } from '../../testing/render';
import { submissionList } from '../../testing/submissions';

const bodyOf = <T,>(req: RecordedRequest) => JSON.parse(req.body as string) as T;

function api(lists: () => ListSummary[], over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/me/submissions': () => envelope(submissionList([])),
    'GET /api/me/edits': () => envelope({ edits: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
    'GET /api/me/lists': () => envelope({ lists: lists() }),
    ...over,
  });
}

async function listsSection(who: Who = 'anonymous') {
  const rendered = renderRoute('/profile', { who });
  const section = (await screen.findByRole('heading', { level: 2, name: 'Lists' })).closest('section')!;
  return { ...rendered, section: within(section) };
}

describe('/profile: Lists', () => {
  it('lists Loved, Visited and Want to see first, then the caller’s own, with counts and links (anonymous too)', async () => {
    api(() => [...systemLists({ loved: 3 }), customList({ item_count: 1, public: true })]);
    const { section } = await listsSection('anonymous');
    const rows = (await section.findByRole('list', { name: 'Your lists' })).querySelectorAll('li');
    expect([...rows].map((r) => r.textContent)).toEqual([
      'Loved3 artworks · Private',
      'Visited0 artworks · Private',
      'Want to see0 artworks · Private',
      'Sunday walk1 artwork · Public',
    ]);
    expect(section.getByRole('link', { name: /^Loved/ })).toHaveAttribute('href', `/lists/${LOVED_ID}`);
    expect(section.getByRole('link', { name: /^Sunday walk/ })).toHaveAttribute('href', `/lists/${WALK_ID}`);
  });

  it('creates a list (POST /lists {name, public}) and reads the lists again, where it appears', async () => {
    let lists = systemLists();
    const { calls, callsTo } = api(() => lists, {
      'POST /api/lists': (req) => {
        const body = bodyOf<NewList>(req);
        lists = [...systemLists(), customList({ id: MURALS_ID, name: body.name, public: Boolean(body.public) })];
        return json({ success: true, data: { id: MURALS_ID }, timestamp: '2025-01-01T00:00:00Z' }, { status: 201, headers: { 'X-Event-Position': '4-2' } });
      },
    });
    const { section } = await listsSection('user');
    await section.findByRole('list', { name: 'Your lists' });
    expect(callsTo('/api/me/lists')).toHaveLength(1);

    await userEvent.type(section.getByRole('textbox', { name: 'List name' }), 'Murals downtown');
    await userEvent.click(section.getByRole('checkbox', { name: 'Public' }));
    await userEvent.click(section.getByRole('button', { name: 'Create list' }));

    expect(await section.findByRole('link', { name: /^Murals downtown/ })).toHaveAttribute('href', `/lists/${MURALS_ID}`);
    expect(section.getByRole('link', { name: /^Murals downtown/ })).toHaveTextContent('0 artworks · Public');
    expect(bodyOf<NewList>(calls.find((c) => c.method === 'POST')!)).toEqual({ name: 'Murals downtown', public: true });
    expect(callsTo('/api/me/lists')).toHaveLength(2);
    expect(callsTo('/api/me/lists')[1]!.headers.get('X-Min-Position')).toBe('4-2');
    expect(section.getByRole('textbox', { name: 'List name' })).toHaveValue('');
  });

  it('shows the name rule and the server’s refusal under the field', async () => {
    const { callsTo } = api(() => systemLists(), {
      'POST /api/lists': () => apiError(400, 'VALIDATION_ERROR', 'A list name must be at most 100 characters', { field: 'name' }),
    });
    const { section } = await listsSection();
    await userEvent.click(section.getByRole('button', { name: 'Create list' }));
    expect(section.getByRole('alert')).toHaveTextContent('A list name is required');
    expect(callsTo('/api/lists')).toHaveLength(0);

    await userEvent.type(section.getByRole('textbox', { name: 'List name' }), 'Fine');
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Create list' }));
    expect(await section.findByRole('alert')).toHaveTextContent('A list name must be at most 100 characters');
    await waitFor(() => expect(section.getByRole('textbox', { name: 'List name' })).toHaveFocus());
  });
});
