import { randomUUID } from 'node:crypto';
import {
  CALLER_LIVE_MAX_MINUTES,
  CALLER_POSITION_MAX_COUNT,
  CALLER_POSITION_MIN_INTERVAL_MS,
  CALLER_TEXTS,
  type CreateCallerLinkRequest,
  type ShareCallerPositionRequest,
} from '@argus/contracts/http/caller-links';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { takesCallerLinks } from '@argus/contracts/policies/caller-links';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import type { DurableEvents } from '../../realtime/durable-events';
import type { IncidentsService } from '../incidents/incidents.service';
import type { UserRow } from '../users/users.repository';
import { callerLinkEvents } from './caller-links.events';
import { callerLinkState, usableUntil } from './caller-links.presenter';
import type { CallerLinkRow, CallerLinksRepository } from './caller-links.repository';

const MINUTE_MS = 60_000;
/** The most caller positions the command map draws; far more than a control room handles at once. */
const CALLER_MAP_LIMIT = 200;

/** What the caller's page gets back: the link as it now stands, and a key to set when the phone has just claimed it. */
export interface SharedPosition {
  row: CallerLinkRow;
  newCallerKey: string | null;
}

/**
 * Caller location links (docs/decisions/0046-caller-location-links.md). Command and analysts
 * make, list and revoke them per incident; a caller holding the token shares positions through
 * it. The token is unguessable (256 random bits) and only its hash is stored. The first phone to
 * share claims the link with a key of its own (kept in an httpOnly cookie), so one link serves one
 * caller. Every refusal happens before anything is written.
 */
export class CallerLinksService {
  constructor(
    private readonly links: CallerLinksRepository,
    private readonly incidents: IncidentsService,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  now(): number {
    return this.clock.now();
  }

  /** Makes a link for an open incident; the token is returned once and never stored. */
  async create(incidentId: string, request: CreateCallerLinkRequest, actor: UserRow): Promise<{ row: CallerLinkRow; token: string }> {
    const incident = await this.incidents.get(incidentId);
    if (!takesCallerLinks(incident.status)) {
      throw new AppError('conflict', 'A resolved or closed incident cannot get a caller location link.');
    }
    const now = this.clock.now();
    const token = randomToken(32);
    const row: CallerLinkRow = {
      id: randomUUID(),
      incident_id: incidentId,
      token_hash: sha256(token),
      created_by: actor.id,
      created_at: now,
      expires_at: now + request.expiresInMinutes * MINUTE_MS,
      revoked_at: null,
      revoked_by: null,
      caller_key_hash: null,
      live_until: null,
      lat: null,
      lon: null,
      accuracy: null,
      located_at: null,
      position_count: 0,
    };
    await this.events.transaction(this.links, async (trx, pending) => {
      await this.links.insert(trx, row);
      await this.incidents.recordIn(trx, pending, incidentId, 'caller.link_created', actor.id, {
        by: actor.full_name,
        expiresAt: row.expires_at,
      });
      pending.add(callerLinkEvents.updated(row, now));
    });
    return { row, token };
  }

  async list(incidentId: string): Promise<CallerLinkRow[]> {
    await this.incidents.get(incidentId);
    return this.links.listForIncident(incidentId);
  }

  /** Every link with a position on an incident still open, for the command map (at most CALLER_MAP_LIMIT). */
  located(): Promise<CallerLinkRow[]> {
    return this.links.listLocatedForOpenIncidents(OPEN_INCIDENT_STATUSES, CALLER_MAP_LIMIT);
  }

  /** Withdraws a link that still works; the caller's page then says so. */
  async revoke(incidentId: string, linkId: string, actor: UserRow): Promise<CallerLinkRow> {
    const now = this.clock.now();
    const revoked = await this.events.transaction(this.links, async (trx, pending) => {
      const row = await this.links.findForUpdate(trx, linkId);
      if (!row || row.incident_id !== incidentId) throw new AppError('not_found', 'This incident has no such caller location link.');
      const state = callerLinkState(row, now);
      if (state === 'revoked') throw new AppError('conflict', 'This caller location link was already revoked.');
      if (state === 'expired') throw new AppError('conflict', 'This caller location link has already expired.');
      await this.links.revoke(trx, row.id, now, actor.id);
      await this.incidents.recordIn(trx, pending, incidentId, 'caller.link_revoked', actor.id, { by: actor.full_name });
      const revoked = { ...row, revoked_at: now, revoked_by: actor.id };
      pending.add(callerLinkEvents.updated(revoked, now));
      return revoked;
    });
    return revoked;
  }

  /** The link behind a token, for the caller's page; 409 when another phone holds it. */
  async status(token: string, callerKey: string | undefined): Promise<CallerLinkRow> {
    const row = await this.links.findByTokenHash(sha256(token));
    if (!row) throw new AppError('not_found', CALLER_TEXTS.unknown);
    const state = callerLinkState(row, this.clock.now());
    if ((state === 'shared' || state === 'live') && !isHolder(row, callerKey)) {
      throw new AppError('conflict', CALLER_TEXTS.elsewhere);
    }
    return row;
  }

  /**
   * Records a position the caller shared. The first one claims the link for this phone; "live"
   * starts a share of at most CALLER_LIVE_MAX_MINUTES. The timeline says "Caller shared location"
   * when the caller first shares and when a live share starts, not on every live fix.
   */
  async share(token: string, callerKey: string | undefined, position: ShareCallerPositionRequest): Promise<SharedPosition> {
    const now = this.clock.now();
    // A resolved or closed incident has nobody left to send: its links stop with it. Read before the
    // transaction, whose one SQLite connection the incident's own read would otherwise wait for.
    const link = await this.links.findByTokenHash(sha256(token));
    if (!link) throw new AppError('not_found', CALLER_TEXTS.unknown);
    const incident = await this.incidents.get(link.incident_id);
    const incidentOpen = takesCallerLinks(incident.status);
    return this.events.transaction(this.links, async (trx, pending) => {
      const row = await this.links.findByTokenHashForUpdate(trx, sha256(token));
      if (!row) throw new AppError('not_found', CALLER_TEXTS.unknown);
      const state = callerLinkState(row, now);
      if (state === 'revoked') throw new AppError('conflict', CALLER_TEXTS.revoked);
      if (state === 'expired') throw new AppError('conflict', CALLER_TEXTS.expired);
      if (!isHolder(row, callerKey)) throw new AppError('conflict', CALLER_TEXTS.elsewhere);
      if (!incidentOpen) throw new AppError('conflict', CALLER_TEXTS.closed);
      const liveOver = row.live_until !== null && now >= row.live_until;
      if (position.mode === 'live' && liveOver) throw new AppError('conflict', CALLER_TEXTS.liveOver);
      // A live share running past the opening window ends with it; a share asked for once after that is refused.
      if (position.mode === 'once' && now >= row.expires_at) throw new AppError('conflict', CALLER_TEXTS.expired);
      if (row.located_at !== null && now - row.located_at < CALLER_POSITION_MIN_INTERVAL_MS) {
        throw new AppError('rate_limited', CALLER_TEXTS.tooOften);
      }
      if (row.position_count >= CALLER_POSITION_MAX_COUNT) throw new AppError('rate_limited', CALLER_TEXTS.tooMany);

      const startsLive = position.mode === 'live' && row.live_until === null;
      const newCallerKey = row.caller_key_hash === null ? randomToken(32) : null;
      const next: CallerLinkRow = {
        ...row,
        caller_key_hash: newCallerKey ? sha256(newCallerKey) : row.caller_key_hash,
        live_until: startsLive ? now + CALLER_LIVE_MAX_MINUTES * MINUTE_MS : row.live_until,
        lat: position.lat,
        lon: position.lon,
        accuracy: position.accuracy,
        located_at: now,
        position_count: row.position_count + 1,
      };
      await this.links.recordPosition(trx, row.id, next);
      if (row.located_at === null || startsLive) {
        // No coordinates: the timeline goes out on the incident's own channel, which its crews may
        // follow, and a caller's position is for the roles that make links (docs/decisions/0046-caller-location-links.md).
        await this.incidents.recordIn(trx, pending, row.incident_id, 'caller.located', null, {
          accuracy: position.accuracy,
          mode: position.mode,
        });
      }
      pending.add(callerLinkEvents.updated(next, now));
      return { row: next, newCallerKey };
    });
  }

  /** Until when a phone's claim on a link is worth keeping, for its cookie. */
  claimLastsUntil(row: CallerLinkRow): number {
    return Math.max(usableUntil(row), row.expires_at, this.clock.now() + CALLER_LIVE_MAX_MINUTES * MINUTE_MS);
  }
}

/** Whether the phone sending `callerKey` may use the link: anyone before it is claimed, then only the claimant. */
function isHolder(row: CallerLinkRow, callerKey: string | undefined): boolean {
  if (row.caller_key_hash === null) return true;
  return callerKey !== undefined && safeEqual(sha256(callerKey), row.caller_key_hash);
}
