import { describe, expect, it } from 'vitest';
import { formFields, photo, receipt } from '../testing/submissions';
import { errorField, makeApiError } from './errors';
import { logbookFormData, sentSubmission } from './submissionsApi';

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('POST /logbook’s multipart body', () => {
  it('sends a visit’s fields only, leaving out empty ones', () => {
    const fields = formFields(
      logbookFormData({
        type: 'logbook',
        lat: 49.3,
        lon: -123.1,
        photos: [file('a.jpg')],
        notes: '   ',
        artworkId: 'abc',
        condition: null,
        title: 'ignored for visits',
        tags: { material: 'bronze' },
      }),
    );
    expect(fields).toEqual({ type: 'logbook', lat: '49.3', lon: '-123.1', artworkId: 'abc', photos: 'a.jpg' });
  });

  it('sends a new artwork’s tags and artists as JSON, and repeats photos', () => {
    const fields = formFields(
      logbookFormData({
        type: 'new_artwork',
        lat: 1,
        lon: 2,
        photos: [file('a.jpg'), file('b.jpg')],
        title: ' Whale ',
        artwork_type: 'mural',
        tags: {},
        artists: ['Jane Doe'],
      }),
    );
    expect(fields).toEqual({
      type: 'new_artwork',
      lat: '1',
      lon: '2',
      title: 'Whale',
      artwork_type: 'mural',
      artists: '["Jane Doe"]',
      photos: ['a.jpg', 'b.jpg'],
    });
  });
});

describe('the list entry of a just-sent submission', () => {
  it('is pending with the receipt’s photos and what was sent', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const visit = sentSubmission(
      receipt({ submission_type: 'logbook', photos: [photo(9)] }),
      { type: 'logbook', lat: 1, lon: 2, photos: [], notes: ' nice ', artworkId: 'art', artworkTitle: 'The Birds', condition: 'good' },
      now,
    );
    expect(visit).toMatchObject({
      status: 'pending',
      submission_type: 'logbook',
      title: null,
      notes: 'nice',
      condition: 'good',
      artwork_id: 'art',
      artwork_title: 'The Birds',
      queue_position: null,
      created_at: '2025-06-01T12:00:00.000Z',
      photos: [photo(9)],
    });
  });
});

describe('errorField', () => {
  it('reads details.field, and puts 413/415 on the photos', () => {
    expect(errorField(makeApiError('VALIDATION_ERROR', 400, 'Bad', { field: 'lat' }))).toBe('lat');
    expect(errorField(makeApiError('PAYLOAD_TOO_LARGE', 413, 'Each photo must be at most 15 MB'))).toBe('photos');
    expect(errorField(makeApiError('UNSUPPORTED_MEDIA_TYPE', 415, 'Only JPEG, PNG and WebP images can be uploaded'))).toBe('photos');
    expect(errorField(makeApiError('RATE_LIMITED', 429, 'Slow down'))).toBeUndefined();
    expect(errorField(new Error('x'))).toBeUndefined();
  });
});
