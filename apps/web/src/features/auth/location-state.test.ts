import { describe, expect, it } from 'vitest';
import { fromLocationState } from './location-state';

describe('fromLocationState', () => {
  it('reads a router Location', () => {
    expect(fromLocationState({ from: { pathname: '/analyst', search: '?q=1', hash: '#x', state: null, key: 'k' } })).toBe('/analyst?q=1#x');
  });

  it('reads a plain path', () => {
    expect(fromLocationState({ from: '/settings' })).toBe('/settings');
  });

  it('ignores anything else, including other origins', () => {
    expect(fromLocationState(null)).toBeNull();
    expect(fromLocationState({})).toBeNull();
    expect(fromLocationState({ from: 'https://evil.example/' })).toBeNull();
    expect(fromLocationState({ from: 42 })).toBeNull();
  });
});
