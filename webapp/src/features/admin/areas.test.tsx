import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BoundaryUpload } from '../../api/types';
import { setLocale } from '../../i18n';
import { AREA_FILE, areaList } from '../../testing/areas';
import { apiError, bodyOf, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { renderRoute, toastMessages } from '../../testing/render';

const SQUARES = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'North' }, geometry: { type: 'Polygon', coordinates: [[[0, 1], [1, 1], [1, 2], [0, 1]]] } },
    { type: 'Feature', properties: { name: 'South' }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } },
  ],
};

const geojsonFile = (content: string, name = 'areas.geojson') => new File([content], name, { type: 'application/geo+json' });

/** The server: the file in force (`file` null: grid cells), and what loading and clearing answer. */
function server(routes: Record<string, Handler> = {}, file: typeof AREA_FILE | null = null) {
  return mockFetch({ 'GET /api/me/areas': () => areaList([], { file }), ...routes });
}

async function openTab() {
  const view = renderRoute('/admin?tab=areas', { who: 'admin' });
  const form = await screen.findByRole('region', { name: 'Load a boundary file' });
  return { ...view, form: within(form) };
}

async function fillForm(form: Awaited<ReturnType<typeof openTab>>['form'], file: File, values: { name?: string; attribution?: string; property?: string } = {}) {
  await userEvent.upload(form.getByLabelText('GeoJSON file'), file);
  if (values.name) await userEvent.type(form.getByRole('textbox', { name: 'Name' }), values.name);
  if (values.attribution) await userEvent.type(form.getByRole('textbox', { name: 'Attribution' }), values.attribution);
  if (values.property) await userEvent.type(form.getByRole('textbox', { name: 'Name property (optional)' }), values.property);
}

describe('/admin: areas', () => {
  it('says areas are grid cells while no boundary file is loaded, asking the file alone', async () => {
    const { callsTo } = server();
    await openTab();
    const areas = screen.getByRole('region', { name: 'Areas' });
    expect(await within(areas).findByText('Grid cells of about 1 km (no boundary file loaded)')).toBeInTheDocument();
    expect(within(areas).queryByRole('button', { name: 'Clear the boundary file' })).not.toBeInTheDocument();
    expect(Object.fromEntries(callsTo('/api/me/areas')[0]!.url.searchParams)).toEqual({ north: '0', south: '0', east: '0', west: '0' });
  });

  it('shows the file in force: its name, attribution and when it was loaded', async () => {
    server({}, AREA_FILE);
    await openTab();
    const file = await screen.findByTestId('area-file');
    expect(file).toHaveTextContent('Local area boundaries');
    expect(file).toHaveTextContent('City of Vancouver, Open Government Licence');
    expect(file).toHaveTextContent(/2025/);
  });

  it('loads a file read in the browser, says how many areas it has and reads the file in force again', async () => {
    let inForce: typeof AREA_FILE | null = null;
    const { callsTo } = mockFetch({
      'GET /api/me/areas': () => areaList([], { file: inForce }),
      'PUT /api/admin/areas': () => {
        inForce = { name: 'Two squares', attribution: 'E2E, CC0', loaded_at: '2025-06-01T12:00:00Z' };
        return envelope({ areas: 2 }, { 'X-Event-Position': '9-1' });
      },
    });
    const { form } = await openTab();
    await fillForm(form, geojsonFile(JSON.stringify(SQUARES)), { name: 'Two squares', attribution: 'E2E, CC0', property: 'name' });
    await userEvent.click(form.getByRole('button', { name: 'Load the file' }));
    expect(await form.findByText('Loaded 2 areas')).toBeInTheDocument();
    const [put] = callsTo('/api/admin/areas');
    expect(bodyOf<BoundaryUpload>(put!)).toEqual({ name: 'Two squares', attribution: 'E2E, CC0', name_property: 'name', geojson: SQUARES });
    // The form is ready for another file.
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    // The file in force, read again.
    expect(await screen.findByTestId('area-file')).toHaveTextContent('Two squares');
  });

  it('leaves the name property out when none is given', async () => {
    const { callsTo } = server({ 'PUT /api/admin/areas': () => envelope({ areas: 1 }) });
    const { form } = await openTab();
    await fillForm(form, geojsonFile(JSON.stringify(SQUARES)), { name: 'Squares', attribution: 'Me' });
    await userEvent.click(form.getByRole('button', { name: 'Load the file' }));
    expect(await form.findByText('Loaded 1 area')).toBeInTheDocument();
    expect(bodyOf<BoundaryUpload>(callsTo('/api/admin/areas')[0]!)).not.toHaveProperty('name_property');
  });

  it('asks for the file, the name and the attribution before sending anything', async () => {
    const { callsTo } = server();
    const { form } = await openTab();
    await userEvent.click(form.getByRole('button', { name: 'Load the file' }));
    expect(await form.findByText('Choose a GeoJSON file')).toBeInTheDocument();
    expect(form.getByText('The name is required')).toBeInTheDocument();
    expect(form.getByText('The attribution is required')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/The name is required/);
    expect(callsTo('/api/admin/areas')).toHaveLength(0);
  });

  it('says so, at the file, when it is not JSON', async () => {
    const { callsTo } = server();
    const { form } = await openTab();
    await fillForm(form, geojsonFile('{"type": "FeatureCollection", '), { name: 'Broken', attribution: 'Me' });
    await userEvent.click(form.getByRole('button', { name: 'Load the file' }));
    expect(await form.findByText(/^This file is not JSON/)).toBeInTheDocument();
    expect(form.getByLabelText('GeoJSON file')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('/api/admin/areas')).toHaveLength(0);
  });

  it.each([
    ['geojson', 'GeoJSON file', 'Area 3 (Kitsilano): a Point is not an area (Polygon or MultiPolygon)'],
    ['attribution', 'Attribution', 'attribution must be at most 300 characters'],
  ])('shows the server’s refusal of the %s at its field', async (field, label, message) => {
    server({ 'PUT /api/admin/areas': () => apiError(400, 'VALIDATION_ERROR', message, { field }) });
    const { form } = await openTab();
    await fillForm(form, geojsonFile(JSON.stringify(SQUARES)), { name: 'Squares', attribution: 'Me' });
    await userEvent.click(form.getByRole('button', { name: 'Load the file' }));
    expect(await form.findByText(message)).toBeInTheDocument();
    expect(form.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText(label)).toHaveAccessibleDescription(new RegExp(message.replace(/[()]/g, '\\$&')));
  });

  it('clears the file in force once confirmed', async () => {
    let inForce: typeof AREA_FILE | null = AREA_FILE;
    const { callsTo } = mockFetch({
      'GET /api/me/areas': () => areaList([], { file: inForce }),
      'DELETE /api/admin/areas': () => {
        inForce = null;
        return envelope({ areas: 0 });
      },
    });
    const { store } = await openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear the boundary file' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the boundary file?' });
    expect(dialog).toHaveTextContent('“Local area boundaries” goes: areas become squares of about 1 km again.');
    // Cancelled: nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('/api/admin/areas')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Clear the boundary file' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Clear the boundary file?' })).getByRole('button', { name: 'Clear the boundary file' }));
    await waitFor(() => expect(callsTo('/api/admin/areas').map((c) => c.method)).toEqual(['DELETE']));
    expect(await screen.findByText('Grid cells of about 1 km (no boundary file loaded)')).toBeInTheDocument();
    expect(toastMessages(store)).toContain('Boundary file cleared: areas are squares of about 1 km again');
  });

  it('speaks French when the interface does', async () => {
    setLocale('fr');
    server();
    renderRoute('/admin?tab=areas', { who: 'admin' });
    expect(await screen.findByText('Carrés d’environ 1 km (aucun fichier de limites chargé)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Zones' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Fichier GeoJSON')).toBeInTheDocument();
  });
});
