import { SESSION } from '@argus/contracts/constants';
import { DEVICE_SESSION_DAYS, type DeviceKind } from '@argus/contracts/http/devices';
import { mayManageAccount } from '@argus/contracts/policies/accounts';
import { isAdminRole, isRole } from '@argus/contracts/roles';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { LoginThrottle } from './login-throttle';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hasher';
import { passwordProblem } from './password-policy';
import { sessionExpiresAt } from './session.presenter';
import type { ResolvedSession, SessionRow, SessionsRepository } from './sessions.repository';

const DAY = 24 * 60 * 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface NewSession {
  token: string;
  csrfToken: string;
  resolved: ResolvedSession;
}

export type SessionLookup = { status: 'valid'; resolved: ResolvedSession } | { status: 'expired' | 'missing' };

/** Sign-in, sessions and switching users: the rules of docs/specification.md sections 4-6 and decisions 3-5 (docs/decisions/). */
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async login(email: string, password: string, client: ClientInfo): Promise<NewSession> {
    try {
      return await this.attemptLogin(email, password, client);
    } catch (error) {
      // docs/specification.md section 8: anything unexpected answers "Authentication service unavailable".
      if (error instanceof AppError) throw error;
      throw Object.assign(new AppError('service_unavailable'), { cause: error });
    }
  }

  private async attemptLogin(email: string, password: string, client: ClientInfo): Promise<NewSession> {
    const context: AuditContext = { actorId: null, subjectId: null, ip: client.ip, userAgent: client.userAgent };
    const user = await this.checkCredentials(email, password, client);
    const created = await storage(this.createSession(user, client));
    await this.audit.append({ ...context, actorId: user.id, subjectId: user.id }, 'auth.login_success', user.id, {});
    return created;
  }

  /**
   * The password check of sign-in, with its lockout and audit, and nothing after it: for a TAK
   * device's enrolment with HTTP Basic (docs/decisions/0062-tak-tls-enrolment-and-revocation.md),
   * which opens no session. Refuses an inactive account as sign-in does.
   */
  async verifyCredentials(email: string, password: string, client: ClientInfo): Promise<UserRow> {
    try {
      return await this.checkCredentials(email, password, client);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw Object.assign(new AppError('service_unavailable'), { cause: error });
    }
  }

  private async checkCredentials(email: string, password: string, client: ClientInfo): Promise<UserRow> {
    const context: AuditContext = { actorId: null, subjectId: null, ip: client.ip, userAgent: client.userAgent };
    // Counted before the hash is checked, so simultaneous guesses cannot all be checked.
    if (!(await storage(this.throttle.reserve(email, client.ip)))) {
      await this.audit.append(context, 'auth.login_locked', email, {});
      throw new AppError('account_locked');
    }
    const user = await storage(this.users.findByEmail(email));
    const matches = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
    if (!user || !matches) {
      const locked = await storage(this.throttle.recordFailure(email, client.ip));
      await this.audit.append({ ...context, subjectId: user?.id ?? null }, 'auth.login_failure', email, { locked });
      throw new AppError(locked ? 'account_locked' : 'invalid_credentials');
    }
    await storage(this.throttle.recordSuccess(email, client.ip));
    if (user.is_active !== 1) {
      await this.audit.append({ ...context, subjectId: user.id }, 'auth.login_inactive', email, {});
      throw new AppError('account_inactive');
    }
    return user;
  }

  /**
   * Looks a cookie token up; an expired session is reported so the client can say why. Every
   * API request runs this, so a cached session is answered at once, without a promise.
   */
  lookup(token: string | undefined): SessionLookup | Promise<SessionLookup> {
    if (!token) return { status: 'missing' };
    const id = this.sessions.idOf(token);
    const cached = this.sessions.cached(id);
    if (cached) return this.judge(cached);
    return this.sessions.resolve(id).then((resolved) => this.judge(resolved));
  }

  /** The session an access token names, judged like a cookie session (expiry, deactivation). */
  async lookupSession(sessionId: string, subject: string): Promise<SessionLookup> {
    const lookup = this.judge(await this.sessions.resolve(sessionId));
    // Switching changes who the session is; a token minted before that no longer fits it.
    if (lookup.status === 'valid' && lookup.resolved.user.id !== subject) return { status: 'missing' };
    return lookup;
  }

  private judge(resolved: ResolvedSession | undefined): SessionLookup {
    if (!resolved) return { status: 'missing' };
    if (this.clock.now() >= sessionExpiresAt(resolved.session)) return { status: 'expired' };
    if (resolved.user.is_active !== 1 || (resolved.actor && resolved.actor.is_active !== 1)) {
      return { status: 'missing' };
    }
    // An administrator demoted while switched may no longer be the account it operates as.
    if (resolved.actor && !mayOperateAs(resolved.actor, resolved.user)) return { status: 'missing' };
    return { status: 'valid', resolved };
  }

  async keepalive(resolved: ResolvedSession): Promise<ResolvedSession> {
    const now = this.clock.now();
    await this.sessions.touch(resolved.session.id, now);
    return { ...resolved, session: { ...resolved.session, last_activity_at: now } };
  }

  async logout(resolved: ResolvedSession, context: AuditContext): Promise<void> {
    await this.sessions.revoke(resolved.session.id, this.clock.now());
    await this.audit.append(context, 'auth.logout', resolved.session.user_id, {});
  }

  /** All active users except the administrator really at the keyboard. */
  async listSwitchable(resolved: ResolvedSession): Promise<UserRow[]> {
    const actor = resolved.actor ?? resolved.user;
    if (!isAdminRole(actor.role)) throw new AppError('not_admin');
    return this.users.listActiveExcept(actor.id);
  }

  async switchTo(resolved: ResolvedSession, targetId: string, context: AuditContext): Promise<ResolvedSession> {
    const actor = resolved.actor ?? resolved.user;
    if (!isAdminRole(actor.role)) throw new AppError('not_admin');
    const target = await this.users.findById(targetId);
    if (!target) throw new AppError('switch_target_not_found');
    if (target.is_active !== 1) throw new AppError('switch_target_inactive');
    if (target.id === actor.id) throw new AppError('conflict', 'You are already signed in as this user.');
    if (!mayOperateAs(actor, target)) throw new AppError('switch_not_allowed');
    await this.sessions.setSubject(resolved.session.id, target.id, actor.id);
    await this.audit.append({ ...context, actorId: actor.id }, 'auth.switch', target.id, {
      from: resolved.user.id,
      role: target.role,
    });
    // The administrator stays at the keyboard, so their second factor still governs the session.
    return { ...resolved, session: { ...resolved.session, user_id: target.id, actor_id: actor.id }, user: target, actor };
  }

  async switchBack(resolved: ResolvedSession, context: AuditContext): Promise<ResolvedSession> {
    const actor = resolved.actor;
    if (!actor) throw new AppError('not_switched');
    await this.sessions.setSubject(resolved.session.id, actor.id, null);
    await this.audit.append({ ...context, actorId: actor.id, subjectId: actor.id }, 'auth.switch_back', resolved.user.id, {});
    return { ...resolved, session: { ...resolved.session, user_id: actor.id, actor_id: null }, user: actor, actor: null };
  }

  async changePassword(resolved: ResolvedSession, current: string, next: string, context: AuditContext): Promise<void> {
    if (resolved.actor) throw new AppError('conflict', 'Switch back before changing a password: it is not yours to change.');
    const user = resolved.user;
    if (!(await verifyPassword(user.password_hash, current))) {
      throw new AppError('current_password_wrong');
    }
    const problem = passwordProblem(next, [user.email, user.full_name]);
    if (problem) throw new AppError('weak_password', problem);
    const now = this.clock.now();
    await this.users.update(user.id, { password_hash: await hashPassword(next) }, now);
    await this.sessions.revokeOthersOf(user.id, resolved.session.id, now);
    await this.audit.append(context, 'user.password_change', user.id, {});
  }

  async updateProfile(resolved: ResolvedSession, fullName: string): Promise<UserRow> {
    const updated = await this.users.update(resolved.user.id, { full_name: fullName }, this.clock.now());
    if (!updated) throw new AppError('not_found');
    return updated;
  }

  /** A session for a user who proved who they are some other way (an OAuth provider, or registering just now). */
  async startSession(user: UserRow, client: ClientInfo, method: 'oauth' | 'password'): Promise<NewSession> {
    if (user.is_active !== 1) throw new AppError('account_inactive');
    return this.createSession(user, client, method);
  }

  /**
   * A wall display's or tracker's session: no inactivity limit, and an absolute limit of its own
   * (docs/decisions/0051-device-sessions-and-retention.md). The device proved itself with its
   * one-time enrolment code.
   */
  async startDeviceSession(user: UserRow, device: { id: string; kind: DeviceKind }, client: ClientInfo): Promise<NewSession> {
    return this.createSession(user, client, 'enrolment', device);
  }

  private async createSession(
    user: UserRow,
    client: ClientInfo,
    method: 'password' | 'oauth' | 'enrolment' = 'password',
    device: { id: string; kind: DeviceKind } | null = null,
  ): Promise<NewSession> {
    const now = this.clock.now();
    const token = randomToken();
    const csrfToken = randomToken();
    const session: SessionRow = {
      id: sha256(token),
      user_id: user.id,
      actor_id: null,
      csrf_token: csrfToken,
      aal: 'aal1',
      created_at: now,
      last_activity_at: now,
      absolute_expires_at: now + (device ? DEVICE_SESSION_DAYS * DAY : SESSION.absoluteMs),
      revoked_at: null,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
      amr: JSON.stringify([{ method, timestamp: Math.floor(now / 1000) }]),
      device_id: device?.id ?? null,
      device_kind: device?.kind ?? null,
      interacted_at: now,
    };
    await this.sessions.insert(session);
    const resolved = await this.sessions.resolve(session.id);
    if (!resolved) throw new Error('a session just created could not be read back');
    return { token, csrfToken, resolved };
  }
}

/** Whether the administrator `actor` may switch to (and stay switched to) `target`: the account policy. */
function mayOperateAs(actor: UserRow, target: UserRow): boolean {
  return isRole(actor.role) && isRole(target.role) && mayManageAccount(actor.role, target.role);
}

/** docs/specification.md section 8: a database failure during sign-in answers "Authentication failed". */
async function storage<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    throw Object.assign(new AppError('authentication_failed'), { cause: error });
  }
}
