/**
 * Help nearby (issue 33): GET /tasks/nearby, the quick tasks around a place, what the approved
 * artworks nearest to it lack. The answer carries each artwork's `Task` tag, which a proposed
 * edit or a visit to that artwork invalidates: the list is read again (with X-Min-Position, so
 * without what was just answered). `dropTask` takes an answered task out of the cached list at
 * once, before that answer arrives.
 */
import { baseApi, listTags, unwrap } from '../../api/baseApi';
import type { Envelope_TasksNearby, TaskDto, TasksNearby } from '../../api/types';
import { TASKS } from '../../config/constants';

/** The place the tasks are around, rounded to about a metre so small moves read the same list. */
export interface TasksArgs {
  lat: number;
  lon: number;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

export function tasksAround(lat: number, lon: number): TasksArgs {
  return { lat: round5(lat), lon: round5(lon) };
}

export const helpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNearbyTasks: build.query<TasksNearby, TasksArgs>({
      query: ({ lat, lon }) => ({ url: '/tasks/nearby', params: { lat, lon, radius: TASKS.radius, limit: TASKS.limit } }),
      transformResponse: (r: Envelope_TasksNearby) => unwrap(r),
      providesTags: (r) => listTags('Task', r?.tasks.map((task) => ({ id: task.artwork_id }))),
    }),
  }),
});

export const { useGetNearbyTasksQuery } = helpApi;

/** Takes `task` (its artwork's gap) out of the list cached for `args`. */
export const dropTask = (args: TasksArgs, task: TaskDto) =>
  helpApi.util.updateQueryData('getNearbyTasks', args, (draft) => {
    draft.tasks = draft.tasks.filter((x) => x.artwork_id !== task.artwork_id || x.gap !== task.gap);
  });
