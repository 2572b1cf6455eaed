/** The tag schema as the server publishes it (GET /api/tags/schema), for screens that offer or label details. */
import type { TagSchema } from '../api/types';
import { envelope, type Handler } from './fetchMock';

export const TAG_SCHEMA: TagSchema = {
  categories: [
    { id: 'artwork_classification', label: 'Classification' },
    { id: 'physical_properties', label: 'Physical properties' },
    { id: 'historical_information', label: 'History' },
    { id: 'location_details', label: 'Location' },
    { id: 'reference_data', label: 'References' },
    { id: 'other', label: 'Other details' },
  ],
  tags: [
    { key: 'tourism', label: 'Tourism', category: 'artwork_classification', kind: { type: 'enum', values: ['artwork'] } },
    { key: 'artwork_type', label: 'Artwork type', category: 'artwork_classification', kind: { type: 'enum', values: ['statue', 'mural', 'sculpture', 'installation', 'monument', 'graffiti', 'mosaic', 'relief', 'fountain', 'other'] } },
    { key: 'name', label: 'Name', category: 'artwork_classification', kind: { type: 'text', max: 200 } },
    { key: 'inscription', label: 'Inscription', category: 'artwork_classification', kind: { type: 'text', max: 500 } },
    { key: 'material', label: 'Material', category: 'physical_properties', kind: { type: 'enum', values: ['bronze', 'stone', 'metal', 'concrete', 'wood', 'paint', 'ceramic', 'glass', 'mixed', 'other'] } },
    { key: 'height', label: 'Height (m)', category: 'physical_properties', kind: { type: 'number', min: 0.1, max: 500 } },
    { key: 'width', label: 'Width (m)', category: 'physical_properties', kind: { type: 'number', min: 0.1, max: 500 } },
    { key: 'condition', label: 'Condition', category: 'physical_properties', kind: { type: 'enum', values: ['excellent', 'good', 'fair', 'poor', 'damaged'] } },
    { key: 'artist_name', label: 'Artist', category: 'historical_information', kind: { type: 'text', max: 200 } },
    { key: 'year', label: 'Year', category: 'historical_information', kind: { type: 'year', min: 1000, max: 2100 } },
    { key: 'heritage', label: 'Heritage', category: 'historical_information', kind: { type: 'enum', values: ['world_heritage', 'national', 'regional', 'local', 'listed', 'none'] } },
    { key: 'access', label: 'Access', category: 'location_details', kind: { type: 'enum', values: ['yes', 'no', 'restricted', 'private', 'seasonal'] } },
    { key: 'operator', label: 'Operator', category: 'location_details', kind: { type: 'text', max: 200 } },
    { key: 'website', label: 'Website', category: 'reference_data', kind: { type: 'url', max: 500 } },
    { key: 'wikidata_id', label: 'Wikidata', category: 'reference_data', kind: { type: 'wikidata_id' } },
  ],
  free_key_pattern: '^[a-z][a-z0-9_:]{0,49}$',
  free_value_max: 1000,
};

/** GET /api/tags/schema, answering `schema`. */
export function tagSchemaRoute(schema: TagSchema = TAG_SCHEMA): Record<string, Handler> {
  return { 'GET /api/tags/schema': () => envelope(schema) };
}
