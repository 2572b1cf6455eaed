/** Areas to finish (issue 33) as GET /areas and /me/areas answer them, for the map's, profile's and admin's tests. */
import type { Area, AreaFile, AreaList } from '../api/types';
import { builder } from './builder';
import { envelope } from './fetchMock';

/** A grid cell near Vancouver's fallback centre: 3 artworks, of which the caller saw `seen` (null: nobody signed in). */
export const gridArea = builder((): Area => ({
  key: 'g:5476:-8384',
  name: 'Downtown · 49.288, -123.121',
  north: 49.293,
  south: 49.284,
  east: -123.114,
  west: -123.128,
  shapes: null,
  artworks: 3,
  seen: null,
  finished: false,
}));

/** A boundary file's area: one square with a square hole. */
export const fileArea = builder((): Area => ({
  key: 'kits',
  name: 'Kitsilano',
  north: 49.28,
  south: 49.26,
  east: -123.14,
  west: -123.18,
  shapes: [
    [
      [
        [-123.18, 49.26],
        [-123.14, 49.26],
        [-123.14, 49.28],
        [-123.18, 49.28],
        [-123.18, 49.26],
      ],
      [
        [-123.17, 49.265],
        [-123.16, 49.265],
        [-123.16, 49.27],
        [-123.17, 49.27],
        [-123.17, 49.265],
      ],
    ],
  ],
  artworks: 5,
  seen: 2,
  finished: false,
}));

export const AREA_FILE: AreaFile = {
  name: 'Local area boundaries',
  attribution: 'City of Vancouver, Open Government Licence',
  loaded_at: '2025-03-01T17:30:00Z',
};

/** GET /areas or /me/areas's answer. */
export function areaList(areas: Area[], over: Partial<AreaList> = {}): Response {
  return envelope({ file: null, areas, too_wide: false, ...over });
}
