import { randomUUID } from 'node:crypto';
import { DEVICE_ENROLMENT_MINUTES, DEVICE_KIND_LABELS, deviceAccountEmail, type CreateDeviceRequest } from '@argus/contracts/http/devices';
import type { Role } from '@argus/contracts/roles';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { AuthService, ClientInfo, NewSession } from '../auth/auth.service';
import type { SessionsRepository } from '../auth/sessions.repository';
import type { UnitsRepository } from '../units/units.repository';
import type { UsersRepository } from '../users/users.repository';
import type { DeviceRow, DeviceWithUnit, DevicesRepository } from './devices.repository';

const MINUTE = 60_000;
const NO_PASSWORD = 'device-account:no-password';

/**
 * Wall displays and trackers (docs/decisions/0051-device-sessions-and-retention.md). Each device
 * gets an account of its own — never an administrator's — so the role checks every route already
 * makes apply to it unchanged, the audit log names it, and revoking it deactivates that account:
 * the next request and the next realtime check both find the session gone.
 */
export class DevicesService {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly users: UsersRepository,
    private readonly units: UnitsRepository,
    private readonly auth: AuthService,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    /** Closes realtime sockets whose session has ended (the hub's session check). */
    private readonly closeEndedSockets: () => Promise<void>,
  ) {}

  list(): Promise<DeviceWithUnit[]> {
    return this.devices.list();
  }

  now(): number {
    return this.clock.now();
  }

  async register(request: CreateDeviceRequest, context: AuditContext): Promise<{ device: DeviceWithUnit; code: string }> {
    const unitId = request.kind === 'tracker' ? request.unitId : null;
    if (unitId && !(await this.units.find(unitId))) throw new AppError('not_found', 'That unit does not exist.');
    const role: Role = request.kind === 'tracker' ? 'Field_Unit' : request.role;
    const now = this.clock.now();
    const id = randomUUID();
    const accountId = randomUUID();
    // Nobody signs in as a device with a password: its hash is no argon2 hash, so none ever matches.
    await this.users.insert({
      id: accountId,
      email: deviceAccountEmail(id),
      full_name: `${DEVICE_KIND_LABELS[request.kind]}: ${request.name}`,
      role,
      is_active: 1,
      password_hash: NO_PASSWORD,
      created_at: now,
      updated_at: now,
    });
    const code = randomToken(16);
    const row: DeviceRow = {
      id,
      name: request.name,
      kind: request.kind,
      user_id: accountId,
      unit_id: unitId,
      enrolment_code_hash: sha256(code),
      enrolment_expires_at: now + DEVICE_ENROLMENT_MINUTES * MINUTE,
      created_by: context.actorId,
      created_at: now,
      enrolled_at: null,
      revoked_at: null,
      revoked_by: null,
    };
    await this.devices.insert(row);
    if (unitId) await this.units.addMember(unitId, accountId);
    await this.audit.append(context, 'device.create', id, { name: request.name, kind: request.kind, role, unitId });
    return { device: await this.found(id), code };
  }

  /** The device's first use: its one-time code becomes a device session on it. */
  async enrol(code: string, client: ClientInfo): Promise<NewSession> {
    const device = await this.devices.claimEnrolment(sha256(code), this.clock.now());
    if (!device) throw new AppError('enrolment_code_invalid');
    const account = await this.users.findById(device.user_id);
    if (!account || account.is_active !== 1) throw new AppError('enrolment_code_invalid');
    const created = await this.auth.startDeviceSession(account, { id: device.id, kind: device.kind }, client);
    await this.audit.append(
      { actorId: account.id, subjectId: account.id, ip: client.ip, userAgent: client.userAgent },
      'device.enrol',
      device.id,
      { name: device.name, kind: device.kind },
    );
    return created;
  }

  /** Ends the device at once: its sessions, its account, its place in a unit's crew and its sockets. */
  async revoke(id: string, context: AuditContext): Promise<DeviceWithUnit> {
    const device = await this.found(id);
    const now = this.clock.now();
    const first = await this.devices.revoke(id, context.actorId, now);
    // Every step again on a repeat, since each is idempotent: a revocation that failed halfway is
    // finished by the administrator's retry rather than left looking done.
    await this.sessions.revokeDevice(id, now);
    await this.users.update(device.user_id, { is_active: 0 }, now);
    if (device.unit_id) await this.units.removeMember(device.unit_id, device.user_id);
    if (first) await this.audit.append(context, 'device.revoke', id, { name: device.name, kind: device.kind });
    await this.closeEndedSockets();
    return this.found(id);
  }

  private async found(id: string): Promise<DeviceWithUnit> {
    const device = await this.devices.find(id);
    if (!device) throw new AppError('not_found', 'That device does not exist.');
    return device;
  }
}
