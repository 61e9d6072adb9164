import type { FirstRunRequest } from '@argus/contracts/http/first-run';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateWindowStore, RateWindows } from '../../lib/rate-windows';
import type { AuditContext } from '../audit/audit.log';
import { passwordProblem } from '../auth/password-policy';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { UsersService } from '../users/users.service';
import { newSetupCode, setupCodeDigest, setupCodeMatches } from './setup-code';

/** Tries per address at the setup code, right or wrong, in a quarter of an hour. */
export const SETUP_ATTEMPTS = { perAddress: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * The first Super_Admin, created from the browser with the one-time code printed at start
 * (docs/decisions/0045-first-run-setup-code.md). The code lives in memory, hashed, for this
 * process only: a restart while no account exists prints a new one, and the old one is void.
 */
export class FirstRunService {
  private codeDigest: string | null = null;
  /** Set the moment a right code is accepted, before anything is awaited: a code works once. */
  private claimed = false;
  /** Counted by every process together when they share Redis: N processes do not give N times the tries. */
  private readonly attempts: RateWindows;

  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: UsersService,
    private readonly clock: Clock,
    rateWindows: RateWindowStore,
  ) {
    this.attempts = rateWindows.windows('setup-attempts', SETUP_ATTEMPTS.windowMs);
  }

  /** At start: a new setup code to print when no account exists, or null when one does. */
  async openIfEmpty(): Promise<string | null> {
    if (await this.users.hasStaff()) return null;
    const code = newSetupCode();
    this.codeDigest = setupCodeDigest(code);
    this.claimed = false;
    return code;
  }

  /** Whether the first administrator may still be created here (a CLI `user add` closes it too). */
  async isOpen(): Promise<boolean> {
    if (this.codeDigest === null || this.claimed) return false;
    if (!(await this.users.hasStaff())) return true;
    this.codeDigest = null;
    return false;
  }

  async createFirstAdministrator(input: FirstRunRequest, context: AuditContext & { ip: string }): Promise<UserRow> {
    if (!(await this.isOpen())) throw new AppError('setup_closed');
    if ((await this.attempts.hit(context.ip, this.clock.now())).count > SETUP_ATTEMPTS.perAddress) throw new AppError('rate_limited');
    if (!setupCodeMatches(input.setupCode, this.codeDigest ?? '')) throw new AppError('setup_code_wrong');
    // A weak password is refused before the code is spent, so the person can try another.
    const problem = passwordProblem(input.password, [input.email, input.full_name]);
    if (problem) throw new AppError('weak_password', problem);
    // Checked and set with no await between: of two right answers at once, only the first gets past here.
    if (this.claimed || this.codeDigest === null) throw new AppError('setup_closed');
    this.claimed = true;
    let user: UserRow | null;
    try {
      user = await this.accounts.createFirstSuperAdmin(input, context);
    } catch (error) {
      // Nothing was created (the database failed): the code still stands for another try.
      this.claimed = false;
      throw error;
    }
    this.codeDigest = null;
    if (!user) throw new AppError('setup_closed');
    return user;
  }
}
