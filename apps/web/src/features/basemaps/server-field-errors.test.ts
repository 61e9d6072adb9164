import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { serverFieldErrors } from './server-field-errors';

const FIELDS = ['name', 'url', 'minZoom', 'form'] as const;

describe('serverFieldErrors', () => {
  it('puts each issue under the field it names, the first one each', () => {
    const error = new ApiError(400, 'validation_failed', 'The body is not valid', [
      { path: 'url', message: 'The address must be an http:// or https:// URL.' },
      { path: 'minZoom', message: 'minZoom must not be above maxZoom.' },
      { path: 'url', message: 'second' },
    ]);
    expect(serverFieldErrors(error, FIELDS, 'form')).toEqual({
      url: 'The address must be an http:// or https:// URL.',
      minZoom: 'minZoom must not be above maxZoom.',
    });
  });

  it('matches a nested path by its last part', () => {
    const error = new ApiError(400, 'validation_failed', 'bad', [{ path: 'querystring.name', message: 'The name is too long.' }]);
    expect(serverFieldErrors(error, FIELDS, 'form')).toEqual({ name: 'The name is too long.' });
  });

  it('puts a refusal about no field under the fallback, with the server’s message', () => {
    const error = new ApiError(400, 'validation_failed', 'This is not a basemap archive: it is neither a PMTiles nor an MBTiles archive.');
    expect(serverFieldErrors(error, FIELDS, 'form')).toEqual({
      form: 'This is not a basemap archive: it is neither a PMTiles nor an MBTiles archive.',
    });
  });

  it('says a lost connection in words a person can act on', () => {
    const error = new ApiError(0, 'network_error', 'Network request failed.');
    expect(serverFieldErrors(error, FIELDS, 'form').form).toMatch(/Could not reach the server/);
  });
});
