import { randomInt, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { MFA } from '@argus/contracts/constants';
import { PRODUCT_NAME } from '@argus/contracts/product';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { ThrottleRepository } from '../auth/throttle.repository';
import type { ResolvedSession, SessionsRepository } from '../auth/sessions.repository';
import type { FactorRow, MfaRepository } from './mfa.repository';
import { newTotpSecret, totpStep, totpUri } from './totp';
import { reachedSecondFactor } from './mfa-policy';
import { sha256 } from '../../lib/tokens';

const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Two groups of five from an alphabet without look-alikes (no 0/O, 1/I/L): about 49 bits. */
const RECOVERY_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `${group()}-${group()}`;
}

const normaliseRecoveryCode = (code: string) => code.replace('-', '').toUpperCase();

export interface EnrolRequest {
  factor_type: 'totp' | 'phone' | 'webauthn';
  friendly_name?: string | undefined;
  issuer?: string | undefined;
}

export interface Enrolment {
  factor: FactorRow;
  uri: string;
  qrCodeSvg: string;
}

/**
 * TOTP second factors. A verified code moves the session from aal1 to aal2; a challenge lives
 * five minutes and is used once; a code is never accepted twice; failures are counted per
 * factor so guessing six digits is not an option.
 */
export class MfaService {
  constructor(
    private readonly factors: MfaRepository,
    private readonly sessions: SessionsRepository,
    private readonly throttle: ThrottleRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  factorsOf(userId: string): Promise<FactorRow[]> {
    return this.factors.factorsOf(userId);
  }

  async enrol(resolved: ResolvedSession, request: EnrolRequest, context: AuditContext): Promise<Enrolment> {
    if (request.factor_type !== 'totp')
      throw new AppError('mfa_phone_not_enabled', request.factor_type === 'phone' ? undefined : 'Only TOTP factors are offered here.');
    const { user } = resolved;
    const existing = await this.factors.factorsOf(user.id);
    const name = request.friendly_name?.trim() || null;
    if (name && existing.some((factor) => factor.friendly_name === name)) throw new AppError('mfa_factor_name_conflict');
    // Abandoned enrolments would pile up otherwise; keep only verified factors and this one.
    for (const stale of existing.filter((factor) => factor.status === 'unverified')) await this.factors.deleteFactor(stale.id);

    const now = this.clock.now();
    const factor: FactorRow = {
      id: randomUUID(),
      user_id: user.id,
      friendly_name: name,
      factor_type: 'totp',
      secret: newTotpSecret(),
      status: 'unverified',
      last_step: null,
      created_at: now,
      updated_at: now,
    };
    await this.factors.insertFactor(factor);
    await this.audit.append(context, 'mfa.enrol_started', factor.id, {});
    const uri = totpUri(factor.secret, user.email, request.issuer?.trim() || PRODUCT_NAME);
    return { factor, uri, qrCodeSvg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
  }

  async challenge(resolved: ResolvedSession, factorId: string, ip: string) {
    const factor = await this.ownFactor(resolved, factorId);
    const now = this.clock.now();
    const challenge = { id: randomUUID(), factor_id: factor.id, created_at: now, expires_at: now + MFA.challengeTtlMs, used_at: null, ip };
    await this.factors.insertChallenge(challenge);
    return { challenge, factor };
  }

  /** Checks the code; on success the session is aal2 and the resolved session is returned fresh. */
  async verify(
    resolved: ResolvedSession,
    factorId: string,
    challengeId: string,
    code: string,
    context: AuditContext,
  ): Promise<ResolvedSession> {
    const factor = await this.ownFactor(resolved, factorId);
    const now = this.clock.now();
    const challenge = await this.factors.findChallenge(challengeId);
    if (!challenge || challenge.factor_id !== factor.id || challenge.used_at !== null || challenge.expires_at <= now) {
      throw new AppError('mfa_challenge_expired');
    }
    // Counted before the code is checked, so simultaneous guesses cannot all be checked.
    const attempts = { key: `mfa:${factor.id}`, max: MFA.maxFailures };
    if (!(await this.throttle.reserve([attempts], now, MFA.failureWindowMs)))
      throw new AppError('rate_limited', 'Too many wrong codes. Wait 15 minutes and try again.');
    const method = await this.check(resolved, factor, code.trim(), now);
    if (method === null) {
      await this.throttle.lockIfSpent(attempts, now + MFA.failureWindowMs);
      await this.audit.append(context, 'mfa.verify_failure', factor.id, {});
      throw new AppError('mfa_verification_failed');
    }
    // The right code was no guess: the factor starts afresh, as an account does after the right password.
    await this.throttle.clear(attempts.key);
    if (!(await this.factors.useChallenge(challenge.id, now))) throw new AppError('mfa_challenge_expired');

    const amr = [{ method, timestamp: Math.floor(now / 1000) }, ...(JSON.parse(resolved.session.amr) as { method: string }[])];
    await this.sessions.setAssurance(resolved.session.id, 'aal2', JSON.stringify(amr));
    await this.audit.append(context, factor.status === 'verified' ? 'mfa.verify' : 'mfa.enrol', factor.id, { method });
    const fresh = await this.sessions.resolve(resolved.session.id);
    if (!fresh) throw new AppError('session_not_found');
    return fresh;
  }

  /**
   * Ten single-use codes for when the authenticator is lost, shown once: only their hashes are
   * kept (they are random, so a plain SHA-256 suffices). A new set replaces the old one.
   */
  async createRecoveryCodes(resolved: ResolvedSession, context: AuditContext): Promise<string[]> {
    if (!resolved.hasVerifiedFactor)
      throw new AppError('mfa_factor_not_found', 'Turn on two-factor authentication before creating recovery codes.');
    const now = this.clock.now();
    const codes = Array.from({ length: MFA.recoveryCodeCount }, newRecoveryCode);
    await this.factors.replaceRecoveryCodes(
      resolved.user.id,
      codes.map((code) => ({
        id: randomUUID(),
        user_id: resolved.user.id,
        code_hash: sha256(normaliseRecoveryCode(code)),
        created_at: now,
        used_at: null,
      })),
    );
    await this.audit.append(context, 'mfa.recovery_codes_created', resolved.user.id, {});
    return codes;
  }

  unusedRecoveryCodes(userId: string): Promise<number> {
    return this.factors.unusedRecoveryCodes(userId);
  }

  /** Which proof the code is: a TOTP code for a step not used before, or an unspent recovery code. */
  private async check(resolved: ResolvedSession, factor: FactorRow, code: string, now: number): Promise<'totp' | 'recovery' | null> {
    if (RECOVERY_CODE.test(code)) {
      // A recovery code stands in for the factor at sign-in, never to set one up.
      if (factor.status !== 'verified') return null;
      return (await this.factors.useRecoveryCode(resolved.user.id, sha256(normaliseRecoveryCode(code)), now)) ? 'recovery' : null;
    }
    const step = totpStep(factor.secret, code, now);
    return step !== null && (await this.factors.acceptStep(factor.id, step, now)) ? 'totp' : null;
  }

  /** Removing a verified factor needs aal2: a stolen password alone cannot strip the second factor. */
  async unenrol(resolved: ResolvedSession, factorId: string, context: AuditContext): Promise<FactorRow> {
    const factor = await this.ownFactor(resolved, factorId);
    if (factor.status === 'verified' && !reachedSecondFactor(resolved)) throw new AppError('insufficient_aal');
    await this.factors.deleteFactor(factor.id);
    const remaining = (await this.factors.factorsOf(resolved.user.id)).filter((other) => other.status === 'verified');
    if (remaining.length === 0 && reachedSecondFactor(resolved)) {
      await this.sessions.setAssurance(resolved.session.id, 'aal1', resolved.session.amr);
    }
    await this.audit.append(context, 'mfa.unenrol', factor.id, {});
    return factor;
  }

  private async ownFactor(resolved: ResolvedSession, factorId: string): Promise<FactorRow> {
    const factor = (await this.factors.factorsOf(resolved.user.id)).find((candidate) => candidate.id === factorId);
    if (!factor) throw new AppError('mfa_factor_not_found');
    return factor;
  }
}
