import { describe, expect, it } from 'vitest';
import { COMMAND_SHORTCUTS, commandShortcut, stepThroughQueue } from './command-shortcuts';

const press = (key: string, extra: Partial<Parameters<typeof commandShortcut>[0]> = {}) =>
  commandShortcut({ key, ctrlKey: false, altKey: false, metaKey: false, target: null, ...extra });

describe('the dispatcher’s keyboard', () => {
  it('maps each listed key to its action, and nothing else', () => {
    expect(press('n')).toBe('new-incident');
    expect(press('j')).toBe('next-incident');
    expect(press('k')).toBe('previous-incident');
    expect(press('d')).toBe('dispatch');
    expect(press('a')).toBe('acknowledge');
    expect(press('/')).toBe('search');
    expect(press('?')).toBe('help');
    expect(press('x')).toBeNull();
    expect(new Set(COMMAND_SHORTCUTS.map((shortcut) => shortcut.key)).size).toBe(COMMAND_SHORTCUTS.length);
  });

  it('leaves keys alone with a modifier, and while someone types in a field', () => {
    expect(press('n', { ctrlKey: true })).toBeNull();
    expect(press('a', { altKey: true })).toBeNull();
    expect(press('k', { metaKey: true })).toBeNull();
    const field = { closest: (selector: string) => (selector.includes('textarea') ? {} : null) } as unknown as EventTarget;
    expect(press('n', { target: field })).toBeNull();
    const button = { closest: () => null } as unknown as EventTarget;
    expect(press('n', { target: button })).toBe('new-incident');
  });

  it('steps through the queue in its order and stops at the ends', () => {
    const ids = ['a', 'b', 'c'];
    expect(stepThroughQueue(ids, null, 1)).toBe('a');
    expect(stepThroughQueue(ids, null, -1)).toBe('c');
    expect(stepThroughQueue(ids, 'a', 1)).toBe('b');
    expect(stepThroughQueue(ids, 'c', 1)).toBe('c');
    expect(stepThroughQueue(ids, 'a', -1)).toBe('a');
    expect(stepThroughQueue(ids, 'gone', 1)).toBe('a');
    expect(stepThroughQueue([], 'a', 1)).toBeNull();
  });
});
