import { describe, expect, it } from 'vitest';
import { OpenApiDocument, listEndpoints } from './openapi';

describe('listEndpoints', () => {
  it('flattens paths into method rows in a stable order', () => {
    const document = OpenApiDocument.parse({
      openapi: '3.1.0',
      info: { title: 'Argus', version: '2.0.0' },
      paths: {
        '/users': { post: { summary: 'Create a user' }, get: { summary: 'List users' }, parameters: [] },
        '/auth/login': { post: { description: 'Sign in' } },
        '/health': { get: {} },
      },
    });
    expect(listEndpoints(document)).toEqual([
      { method: 'POST', path: '/auth/login', summary: 'Sign in' },
      { method: 'GET', path: '/health', summary: '' },
      { method: 'GET', path: '/users', summary: 'List users' },
      { method: 'POST', path: '/users', summary: 'Create a user' },
    ]);
  });
});
