import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditListQuery, AuditListResponse, AuditVerifyResponse, type AuditEvent } from '@argus/contracts/http/audit';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import type { AuditLog } from './audit.log';
import type { AuditRepository } from './audit.repository';

type SearchRow = Awaited<ReturnType<AuditRepository['search']>>[number];

function person(id: string | null, email: string | null, fullName: string | null) {
  return id && email && fullName ? { id, email, full_name: fullName } : null;
}

function presentEvent(row: SearchRow): AuditEvent {
  let detail: Record<string, unknown> = {};
  try {
    detail = JSON.parse(row.detail) as Record<string, unknown>;
  } catch {
    detail = { unreadable: row.detail };
  }
  return {
    seq: row.seq,
    at: row.at,
    action: row.action,
    target: row.target,
    ip: row.ip,
    userAgent: row.user_agent,
    actor: person(row.actor_id, row.actor_email, row.actor_name),
    subject: person(row.subject_id, row.subject_email, row.subject_name),
    targetUser: person(row.target_user_id, row.target_email, row.target_name),
    detail,
    hash: row.hash,
    prevHash: row.prev_hash,
  };
}

/**
 * The audit log for command-level roles: newest first, filtered, a page at a time, and a check
 * of the whole chain. Reading the log is not itself logged: every page view would add entries
 * to the very list being read and bury the events that matter.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditLog }> = async (app, { audit }) => {
  app.get(
    '/audit',
    {
      config: { access: COMMAND_ROLES },
      schema: { summary: 'Audit entries, newest first', querystring: AuditListQuery, response: { 200: AuditListResponse } },
    },
    async (request) => {
      const rows = await audit.search(request.query);
      const full = rows.length === request.query.limit;
      return { events: rows.map(presentEvent), nextBefore: full ? rows.at(-1)!.seq : null };
    },
  );

  app.get(
    '/audit/verify',
    {
      config: { access: COMMAND_ROLES },
      schema: { summary: 'Walk the hash chain; report the first broken link', response: { 200: AuditVerifyResponse } },
    },
    async () => {
      const result = await audit.verify();
      return { intact: result.brokenAt === null, ...result };
    },
  );
};
