import { z } from 'zod';
import { Session, User } from '@argus/contracts/http/auth';
import { isSessionExpired } from './auth-state';

const KEY = 'argus.session.last';
const Remembered = z.object({ user: User, session: Session });
export type RememberedSession = z.infer<typeof Remembered>;

/**
 * Who was signed in on this device, so a field unit that reloads with no signal keeps working
 * until the session's own deadline (the outbox sends later). It holds no secret: the session
 * token stays in its httpOnly cookie and the server decides once the signal returns.
 */
export function rememberSession(value: RememberedSession, storage: Storage = localStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused: the device simply will not resume offline.
  }
}

export function recallSession(now: number, storage: Storage = localStorage): RememberedSession | null {
  try {
    const parsed = Remembered.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'));
    if (!parsed.success || isSessionExpired(parsed.data.session, now)) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export function forgetSession(storage: Storage = localStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
