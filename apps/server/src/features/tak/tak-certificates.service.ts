import { randomUUID } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { TakUid, type TakCertificate } from '@argus/contracts/http/tak';
import { isUniqueViolation } from '../../db/dialect';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { AuthService, ClientInfo } from '../auth/auth.service';
import type { MfaRepository } from '../mfa/mfa.repository';
import type { UnitsRepository } from '../units/units.repository';
import { CsrRefused, type IssuedCertificate, type TakCertificateAuthority } from './tak-ca';
import type { TakCertificatesRepository, TakCertificateView } from './tak-certificates.repository';
import { enrolmentTokenHash, isEnrolmentToken } from './tak-enrolment-token';
import type { TakEnrolmentTokensRepository, TakEnrolmentTokenView } from './tak-enrolment-tokens.repository';
import { presentTakCertificate } from './tak.presenter';

/** Who a TLS connection is, from its certificate: the Argus user and unit it speaks for, and its TAK uid. */
export interface DeviceIdentity {
  certificateId: string;
  userId: string;
  unitId: string;
  deviceUid: string;
  /** The enrolling user's email, the name TAK's APIs show for the device. */
  email: string;
  /** The assurance the device acts at, fixed at enrolment (decision 0068). */
  aal: 'aal1' | 'aal2';
  /** The enrolling user's role, for what the Marti API lets a device change. */
  role: string;
}

export interface EnrolRequest {
  email: string;
  password: string;
  /** ATAK's clientUid query parameter: the TAK uid its events will carry. */
  clientUid: string | undefined;
  csr: string;
  client: ClientInfo;
}

export interface Enrolment {
  certificate: IssuedCertificate;
  ca: Buffer;
}

/**
 * Enrolment of TAK devices and the certificates issued to them
 * (docs/decisions/0062-tak-tls-enrolment-and-revocation.md). An Argus user enrols a device with
 * their own credentials; its certificate names them and is bound to their field unit. Every TLS
 * connection asks `identify`, so revoking a certificate or deactivating its user cuts it off.
 */
export class TakCertificatesService {
  private authority: TakCertificateAuthority | null = null;
  private readonly revokedListeners = new Set<(ids: string[]) => void>();

  constructor(
    private readonly repository: TakCertificatesRepository,
    private readonly auth: AuthService,
    private readonly units: UnitsRepository,
    private readonly mfa: MfaRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly clientDays: number,
    private readonly tokens: TakEnrolmentTokensRepository | null = null,
  ) {}

  /** The CA, once the TAK endpoints opened it; enrolment answers 503 before. */
  useAuthority(authority: TakCertificateAuthority): void {
    this.authority = authority;
  }

  /** Told the ids of certificates revoked in this process, so their connections are dropped at once. */
  onRevoked(listener: (ids: string[]) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  async list(): Promise<TakCertificate[]> {
    return (await this.repository.list()).map(presentTakCertificate);
  }

  /**
   * Checks the account as sign-in does, then signs the device's CSR. Nothing is saved unless every
   * check passed. Accounts with a second factor are refused: HTTP Basic cannot carry the code.
   */
  async enrol(request: EnrolRequest): Promise<Enrolment> {
    const authority = this.authority;
    if (!authority) throw new AppError('service_unavailable', 'TAK enrolment is not ready yet. Try again in a moment.');
    const email = request.email.trim().toLowerCase();
    // An administrator's one-time token stands in for the password, and for the second factor:
    // the administrator who made it vouched for the person (decision 0066).
    const token = await this.tokenFor(email, request.password, request.client);
    const user = token
      ? { id: token.user_id, full_name: token.user_name }
      : await this.auth.verifyCredentials(email, request.password, request.client);
    const context: AuditContext = { actorId: user.id, subjectId: user.id, ip: request.client.ip, userAgent: request.client.userAgent };
    if (!token && (await this.mfa.factorsOf(user.id)).some((factor) => factor.status === 'verified')) {
      await this.audit.append(context, 'tak_certificate.refused', null, { reason: 'second factor' });
      throw new AppError(
        'forbidden',
        'This account uses a second factor, which a TAK device cannot send when it enrols. Ask an administrator for an enrolment token from the unit’s page.',
      );
    }
    const uid = TakUid.safeParse(request.clientUid ?? '');
    if (!uid.success) throw new AppError('validation_failed', `clientUid: ${uid.error.issues[0]?.message ?? 'not valid'}`);
    let csr: x509.Pkcs10CertificateRequest;
    try {
      csr = await authority.readCsr(request.csr);
    } catch (error) {
      if (!(error instanceof CsrRefused)) throw error;
      await this.audit.append(context, 'tak_certificate.refused', null, { reason: error.message, deviceUid: uid.data });
      throw new AppError('validation_failed', error.message);
    }
    const names = csr.subjectName.getField('CN');
    if (names.length !== 1 || names[0]!.trim().toLowerCase() !== email) {
      const asked = names.join(', ') || 'no name';
      await this.audit.append(context, 'tak_certificate.refused', null, { reason: 'another identity', asked, deviceUid: uid.data });
      throw new AppError(
        'forbidden',
        `The certificate request is for “${asked}”, not for ${email}, who signed in. Set the device’s username to ${email}.`,
      );
    }
    const [unit, ...others] = await this.units.list({ memberId: user.id });
    if (!unit) {
      await this.audit.append(context, 'tak_certificate.refused', null, { reason: 'no unit', deviceUid: uid.data });
      throw new AppError('conflict', `${user.full_name} is in no unit’s crew: a TAK device speaks for a unit, so join a unit first.`);
    }
    if (others.length) {
      await this.audit.append(context, 'tak_certificate.refused', null, { reason: 'several units', deviceUid: uid.data });
      throw new AppError(
        'conflict',
        `${user.full_name} is in the crew of several units; a TAK device speaks for one. Leave all but one first.`,
      );
    }
    if (token && token.unit_id !== unit.id) {
      await this.audit.append(context, 'tak_certificate.refused', null, { reason: 'token for another unit', deviceUid: uid.data });
      throw new AppError(
        'conflict',
        `This enrolment token was made for another unit than ${unit.callsign}, where ${user.full_name} is now. Ask for a new one.`,
      );
    }
    // One device per uid and one per unit (the unit's position follows one device's reports): a
    // user re-enrolling replaces their own older certificate; another user's in force is refused.
    const now = this.clock.now();
    const held = await this.repository.unrevokedFor(uid.data, unit.id);
    const blocking = held.find((row) => row.user_id !== user.id && row.expires_at > now);
    if (blocking) {
      const sameUid = blocking.device_uid === uid.data;
      await this.audit.append(context, 'tak_certificate.refused', null, {
        reason: sameUid ? 'uid taken' : 'unit has a device',
        deviceUid: uid.data,
        holder: blocking.id,
      });
      throw new AppError(
        'conflict',
        sameUid
          ? `The TAK uid ${uid.data} is a device ${blocking.user_name} enrolled. Each device enrols with its own uid.`
          : unitHasDevice(unit.callsign, blocking.user_name),
      );
    }
    const certificate = await authority.signClient(
      csr,
      new x509.Name([{ CN: [email] }, { OU: [unit.callsign] }, { O: ['Argus'] }]),
      this.clientDays,
    );
    const id = randomUUID();
    const replaced = held.map((row) => row.id);
    const row = {
      id,
      serial: certificate.serial,
      fingerprint: certificate.fingerprint,
      user_id: user.id,
      unit_id: unit.id,
      device_uid: uid.data,
      subject: certificate.subject,
      issued_at: this.clock.now(),
      expires_at: certificate.notAfter,
      revoked_at: null,
      revoked_by: null,
      // A token's administrator met the MFA policy when making it, so its device acts at aal2; a
      // password alone is one factor (decision 0068).
      aal: token ? ('aal2' as const) : ('aal1' as const),
    };
    try {
      // The token is spent in the transaction that stores the certificate: a failed insert keeps it.
      await this.repository.transaction(async (trx) => {
        if (token && !(await this.tokens!.consume(token.id, now, trx))) {
          throw new AppError(
            'unauthenticated',
            'This enrolment token was used by another enrolment at the same moment. Ask an administrator for a new one.',
          );
        }
        await this.repository.insertReplacing(trx, row, replaced, now);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError('conflict', `The TAK uid ${uid.data} was enrolled by another request at the same moment. Try again.`);
    }
    await this.audit.append(context, 'tak_certificate.issue', id, {
      serial: certificate.serial,
      ...(token ? { enrolmentToken: token.id } : {}),
      unitId: unit.id,
      deviceUid: uid.data,
      ...(replaced.length ? { replaced } : {}),
    });
    if (replaced.length) this.revoked(replaced);
    return { certificate, ca: authority.der };
  }

  /**
   * The enrolment token a device sent as its password, when it is one made for this email: null
   * for anything else (then it is checked as a password). A used or expired token is refused with
   * what to do, as is a token whose user was deactivated.
   */
  private async tokenFor(email: string, secret: string, client: ClientInfo): Promise<TakEnrolmentTokenView | null> {
    if (!this.tokens || !isEnrolmentToken(secret)) return null;
    const row = await this.tokens.findByHash(enrolmentTokenHash(secret));
    if (!row || row.user_email.toLowerCase() !== email) return null;
    const context: AuditContext = { actorId: row.user_id, subjectId: row.user_id, ip: client.ip, userAgent: client.userAgent };
    const refusal =
      row.used_at !== null
        ? 'This enrolment token was used already: each works once. Ask an administrator for a new one.'
        : row.expires_at <= this.clock.now()
          ? `This enrolment token expired on ${new Date(row.expires_at).toISOString()}. Ask an administrator for a new one.`
          : null;
    if (refusal) {
      await this.audit.append(context, 'tak_certificate.refused', null, { reason: row.used_at !== null ? 'token used' : 'token expired' });
      throw new AppError('unauthenticated', refusal);
    }
    if (row.user_active !== 1) throw new AppError('account_inactive');
    return row;
  }

  /** Who a TLS peer's certificate says it is, or why it may not connect. */
  async identify(fingerprint: string): Promise<DeviceIdentity | { refused: string }> {
    const row = await this.repository.findByFingerprint(fingerprint);
    if (!row) return { refused: 'a certificate Argus has no record of' };
    const refused = whyUnusable(row, this.clock.now());
    if (refused) return { refused };
    return {
      certificateId: row.id,
      userId: row.user_id,
      unitId: row.unit_id!,
      deviceUid: row.device_uid,
      email: row.user_email,
      aal: row.aal,
      role: row.user_role,
    };
  }

  /** Why a certificate may not be used now (revoked, expired, its user deactivated), or null: what every connection meets, for links made for its device. */
  async refusalOf(id: string): Promise<string | null> {
    const row = await this.repository.find(id);
    return row ? whyUnusable(row, this.clock.now()) : 'a certificate Argus has no record of';
  }

  /** Of the certificates of open connections, those that may no longer connect (revoked in another process, say). */
  async unusable(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const now = this.clock.now();
    const rows = new Map((await this.repository.findMany(ids)).map((row) => [row.id, row]));
    return ids.filter((id) => {
      const row = rows.get(id);
      return !row || whyUnusable(row, now) !== null;
    });
  }

  async revoke(id: string, context: AuditContext): Promise<TakCertificate> {
    const row = await this.repository.find(id);
    if (!row) throw new AppError('not_found', 'No TAK certificate with this id.');
    if (await this.repository.revoke(id, context.actorId, this.clock.now())) {
      await this.audit.append(context, 'tak_certificate.revoke', id, {
        serial: row.serial,
        userId: row.user_id,
        deviceUid: row.device_uid,
      });
      this.revoked([id]);
    }
    return presentTakCertificate((await this.repository.find(id))!);
  }

  /** A deactivated user's devices are cut off with them. */
  async revokeUser(userId: string, context: AuditContext): Promise<void> {
    const ids = await this.repository.revokeUser(userId, context.actorId, this.clock.now());
    if (ids.length === 0) return;
    await this.audit.append(context, 'tak_certificate.revoke', null, { userId, certificates: ids, reason: 'user deactivated' });
    this.revoked(ids);
  }

  private revoked(ids: string[]): void {
    for (const listener of this.revokedListeners) listener(ids);
  }
}

/** Why a unit takes no second device: said alike when a token is made and when a device enrols. */
export function unitHasDevice(callsign: string, holder: string): string {
  return `${callsign} already has a TAK device, enrolled by ${holder}. An administrator revokes that certificate first.`;
}

/** Why a certificate may not connect now, or null: the one rule for a new connection and the periodic recheck. */
function whyUnusable(row: TakCertificateView, now: number): string | null {
  if (row.revoked_at !== null) return 'a revoked certificate';
  if (row.expires_at <= now) return 'an expired certificate';
  if (row.user_active !== 1) return 'the certificate’s user is deactivated';
  if (!row.unit_id) return 'the certificate’s unit was deleted';
  return null;
}
