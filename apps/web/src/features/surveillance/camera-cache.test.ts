import { describe, expect, it } from 'vitest';
import type { Camera } from '@argus/contracts/http/cameras';
import { upsertCamera } from './camera-cache';

const camera = (id: string, name: string, overrides: Partial<Camera> = {}): Camera =>
  ({ id, name, status: 'offline', active: true, updatedAt: 10, ...overrides }) as Camera;

describe('upsertCamera', () => {
  const list = { cameras: [camera('1', 'Gate North'), camera('2', 'Yard')] };

  it('adds a registered camera in name order', () => {
    expect(upsertCamera(list, camera('3', 'Pier')).cameras.map((c) => c.name)).toEqual(['Gate North', 'Pier', 'Yard']);
  });

  it('takes a health change of the same edit, and keeps a deactivated camera listed', () => {
    const next = upsertCamera(list, camera('1', 'Gate North', { status: 'online' }));
    expect(next.cameras[0]?.status).toBe('online');
    expect(upsertCamera(list, camera('2', 'Yard', { active: false, updatedAt: 11 })).cameras[1]?.active).toBe(false);
  });

  it('ignores an older edit than the one it holds', () => {
    expect(
      upsertCamera({ cameras: [camera('1', 'Gate North', { updatedAt: 20 })] }, camera('1', 'Old name', { updatedAt: 15 })).cameras[0]
        ?.name,
    ).toBe('Gate North');
  });
});
