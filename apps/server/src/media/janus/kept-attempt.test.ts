import { describe, expect, it } from 'vitest';
import { keptAttempt } from './kept-attempt';

describe('a kept attempt', () => {
  it('is shared while it lasts, forgotten when it fails, and a later attempt outlives an earlier failure', async () => {
    const kept = new Map<string, Promise<number>>();
    let fail: (error: Error) => void = () => undefined;
    const first = keptAttempt(kept, 'r', () => new Promise<number>((_, reject) => (fail = reject)));
    expect(keptAttempt(kept, 'r', () => Promise.resolve(2))).toBe(first);
    // Replaced before it failed (a room closed and opened again): its failure leaves the new one.
    kept.delete('r');
    const second = keptAttempt(kept, 'r', () => Promise.resolve(2));
    fail(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    expect(kept.get('r')).toBe(second);
    const third = keptAttempt(kept, 's', () => Promise.reject(new Error('no')));
    await expect(third).rejects.toThrow('no');
    expect(kept.has('s')).toBe(false);
  });
});
