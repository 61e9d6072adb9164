import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { CreateTakEnrolmentRequest, TakEnrolment } from '@argus/contracts/http/tak';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { UnitsRepository } from '../units/units.repository';
import type { UsersRepository } from '../users/users.repository';
import type { TakCertificatesRepository } from './tak-certificates.repository';
import { unitHasDevice } from './tak-certificates.service';
import { newEnrolmentToken } from './tak-enrolment-token';
import type { TakEnrolmentTokensRepository } from './tak-enrolment-tokens.repository';
import { onboardingPackage } from './tak-onboarding-package';

/** A token is for handing a phone over today, not for keeping. */
const TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

/** Where devices reach Argus's TAK ports, once they listen; null while the enrolment or TLS port is off. */
export interface TakEndpoints {
  host: string;
  cotPort: number;
  enrolPort: number;
  martiPort: number | null;
  caPem: string;
}

/**
 * Onboarding a unit's crew member's TAK device (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md):
 * an administrator makes a one-time enrolment token, and gets it with ATAK's enrolment link as a QR
 * code and a data package that carries the connection, the truststore and the token.
 */
export class TakOnboardingService {
  constructor(
    private readonly tokens: TakEnrolmentTokensRepository,
    private readonly units: UnitsRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly endpoints: () => TakEndpoints | null,
    private readonly certificates: TakCertificatesRepository,
  ) {}

  async create(request: CreateTakEnrolmentRequest, context: AuditContext): Promise<TakEnrolment> {
    const endpoints = this.endpoints();
    if (!endpoints)
      throw new AppError(
        'conflict',
        'TAK enrolment is off on this server: the operator sets COT_TLS_PORT and TAK_ENROL_PORT to turn it on.',
      );
    const unit = await this.units.find(request.unitId);
    if (!unit) throw new AppError('not_found', 'No unit with this id.');
    const user = await this.users.findById(request.userId);
    if (!user || !unit.members.includes(user.id))
      throw new AppError('validation_failed', `userId: choose a member of ${unit.callsign}’s crew.`);
    if (user.is_active !== 1) throw new AppError('conflict', `${user.full_name}’s account is deactivated.`);
    // The device will speak for one unit: enrolment refuses a person in several crews, so say it now.
    const crews = await this.units.list({ memberId: user.id });
    if (crews.length !== 1)
      throw new AppError(
        'conflict',
        `${user.full_name} is in the crew of several units; a TAK device speaks for one. Leave all but one first.`,
      );
    // Enrolment would refuse the token while another person's device speaks for the unit: say it now.
    const now = this.clock.now();
    const holder = (await this.certificates.inForceForUnit(unit.id, now)).find((row) => row.user_id !== user.id);
    if (holder) throw new AppError('conflict', unitHasDevice(unit.callsign, holder.user_name));

    const { token, hash } = newEnrolmentToken();
    const id = randomUUID();
    const expiresAt = now + TOKEN_LIFETIME_MS;
    await this.tokens.insert({
      id,
      token_hash: hash,
      user_id: user.id,
      unit_id: unit.id,
      created_by: context.actorId ?? 'system',
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    });
    await this.audit.append({ ...context, subjectId: user.id }, 'tak_enrolment.create', id, { unitId: unit.id, expiresAt });

    const link = `tak://com.atakmap.app/enroll?${new URLSearchParams({ host: endpoints.host, username: user.email, token }).toString()}`;
    const archive = onboardingPackage({
      host: endpoints.host,
      cotPort: endpoints.cotPort,
      enrolPort: endpoints.enrolPort,
      martiPort: endpoints.martiPort,
      caPem: endpoints.caPem,
      email: user.email,
      token,
      callsign: unit.callsign,
    });
    return {
      token,
      expiresAt,
      user: { id: user.id, email: user.email, name: user.full_name },
      unit: { id: unit.id, callsign: unit.callsign },
      host: endpoints.host,
      ports: { cot: endpoints.cotPort, enrolment: endpoints.enrolPort, marti: endpoints.martiPort },
      link,
      qrSvg: await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      dataPackage: { filename: archive.filename, base64: Buffer.from(archive.bytes).toString('base64') },
    };
  }
}
