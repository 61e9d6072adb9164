import { describe, expect, it } from 'vitest';
import { TEST_SESSION } from '../../test/session';
import { authReducer } from './auth-state';
import { forgetSession, recallSession, rememberSession } from './remembered-session';

/** The browser's Storage, as a Map: the part of the platform these functions use. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const user = { id: 'u1', email: 'field@argus.test', full_name: 'Frankie Field', role: 'Field_Unit' as const, is_active: true };
const session = TEST_SESSION;

describe('the session a device remembers for working offline', () => {
  it('is recalled until its deadline, and never after', () => {
    const storage = new MemoryStorage();
    rememberSession({ user, session }, storage);
    expect(recallSession(1_999, storage)).toEqual({ user, session });
    expect(recallSession(2_001, storage)).toBeNull();
  });

  it('is gone once forgotten, and ignores anything it did not write', () => {
    const storage = new MemoryStorage();
    rememberSession({ user, session }, storage);
    forgetSession(storage);
    expect(recallSession(0, storage)).toBeNull();
    storage.setItem('argus.session.last', '{"user":{"id":1}}');
    expect(recallSession(0, storage)).toBeNull();
    storage.setItem('argus.session.last', 'not json');
    expect(recallSession(0, storage)).toBeNull();
  });

  it('resumes as a valid session marked offline, which a confirmed sign-in replaces', () => {
    const resumed = authReducer({ status: 'loading' }, { type: 'resumed-offline', user, session });
    expect(resumed).toEqual({ status: 'valid', user, session, offline: true });
    expect(authReducer(resumed, { type: 'signed-in', user, session })).toEqual({ status: 'valid', user, session });
  });
});
