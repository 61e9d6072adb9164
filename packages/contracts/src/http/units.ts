import { z } from 'zod';
import { DISPATCH_STATUSES, UNIT_KINDS, UNIT_STATUSES } from '../units';
import { Timestamp } from './common';
import { OccurredAt } from './device-time';
import { BoundingBox, Incident, Location, csv } from './incidents';
import { singleLineText } from './text';

/** A UUID the device makes for each action, so a retried request never acts twice. */
export const ClientId = z.uuid({ error: 'clientId must be a UUID made on the device.' });

export const CreateUnitRequest = z.object({
  callsign: singleLineText().min(1, 'Enter a callsign.').max(40, 'The callsign is too long.'),
  kind: z.enum(UNIT_KINDS, { error: `kind must be one of ${UNIT_KINDS.join(', ')}.` }),
  /** The Field_Unit accounts that crew the unit. */
  members: z.array(singleLineText().min(1).max(100)).max(20, 'At most 20 members.').default([]),
});
export type CreateUnitRequest = z.infer<typeof CreateUnitRequest>;

export const UnitStatusRequest = z.object({
  clientId: ClientId,
  status: z.enum(UNIT_STATUSES, { error: `status must be one of ${UNIT_STATUSES.join(', ')}.` }),
  occurredAt: OccurredAt.optional(),
});

export const UnitPositionRequest = z.object({
  clientId: ClientId,
  location: Location,
  heading: z.number().min(0).max(360, 'heading is 0 to 360 degrees.').optional(),
  speed: z.number().min(0).max(400, 'speed is in metres per second.').optional(),
  /** When the device took the fix (epoch ms, the device's own clock); kept for feeds that send it. */
  at: Timestamp.optional(),
  /** When the device took the fix, corrected to the server's clock; wins over `at`. */
  occurredAt: OccurredAt.optional(),
});

/** The most positions one batch may carry: a fleet's worth, small enough to commit at once. */
export const MAX_POSITIONS_PER_BATCH = 500;

/**
 * `POST /units/positions`: positions of several units in one request, for feeds that speak for a
 * fleet (a vehicle-location gateway, the scenario simulator). Each is checked and applied as if sent
 * alone to `/units/:id/position`, and answered on its own.
 */
export const UnitPositionBatchRequest = z.object({
  positions: z
    .array(UnitPositionRequest.extend({ unitId: singleLineText().min(1, 'Name the unit.').max(100) }), {
      error: 'positions must be a list.',
    })
    .min(1, 'Send at least one position.')
    .max(MAX_POSITIONS_PER_BATCH, `At most ${MAX_POSITIONS_PER_BATCH} positions in one request.`),
});
export type UnitPositionBatchRequest = z.infer<typeof UnitPositionBatchRequest>;

export const Unit = z.object({
  id: z.string(),
  callsign: z.string(),
  kind: z.enum(UNIT_KINDS),
  status: z.enum(UNIT_STATUSES),
  members: z.array(z.string()),
  position: z.object({ location: Location, heading: z.number().nullable(), speed: z.number().nullable(), at: Timestamp }).nullable(),
  /** SOS: a sticky emergency that overrides everything on every screen until command clears it. */
  emergency: z
    .object({
      since: Timestamp,
      raisedBy: z.string(),
      location: Location.nullable(),
      /**
       * Who in command acknowledged the SOS and when, so the crew knows it was seen
       * (docs/decisions/0036-command-inbox-and-attention.md); absent or null until then.
       */
      seen: z.object({ by: z.string(), at: Timestamp }).nullable().optional(),
    })
    .nullable(),
  updatedAt: Timestamp,
});
export type Unit = z.infer<typeof Unit>;

export const UnitResponse = z.object({ unit: Unit });

/** One answer per position, in the order sent: the unit as it now stands, or why that one was refused. */
export const UnitPositionBatchResponse = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), unitId: z.string(), clientId: z.string(), unit: Unit }),
      z.object({
        ok: z.literal(false),
        unitId: z.string(),
        clientId: z.string(),
        error: z.object({ code: z.string(), message: z.string() }),
      }),
    ]),
  ),
});
export type UnitPositionBatchResponse = z.infer<typeof UnitPositionBatchResponse>;
/** The whole fleet fits one page for the map (10,000 units by default); larger fleets page by callsign. */
export const UnitListQuery = z.object({
  status: csv(UNIT_STATUSES, 'status').optional(),
  kind: z.enum(UNIT_KINDS, { error: `kind must be one of ${UNIT_KINDS.join(', ')}.` }).optional(),
  /** Units whose last position is inside "south,west,north,east". */
  bbox: BoundingBox.optional(),
  emergency: z
    .enum(['true', 'false'], { error: 'emergency is true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  /** Cursor: units whose callsign sorts after this one, as the last page answered. */
  after: singleLineText({ trim: false }).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(20_000, 'At most 20,000 units per page.').default(10_000),
});
export const UnitListResponse = z.object({ units: z.array(Unit), nextCursor: z.string().nullable() });
export const UnitParams = z.object({ id: singleLineText().min(1).max(100) });

export const SosRequest = z.object({
  clientId: ClientId,
  /** Where the crew is, when the device knows. */
  location: Location.optional(),
  occurredAt: OccurredAt.optional(),
});

export const DispatchRequest = z.object({
  unitIds: z.array(singleLineText().min(1).max(100)).min(1, 'Choose at least one unit.').max(20, 'At most 20 units at once.'),
});

export const DispatchStatusRequest = z.object({
  clientId: ClientId,
  status: z.enum(DISPATCH_STATUSES, { error: `status must be one of ${DISPATCH_STATUSES.join(', ')}.` }),
  /** When the crew tapped the milestone: the milestone's time (docs/decisions/0042-device-time.md). */
  occurredAt: OccurredAt.optional(),
});

/** Command recalls a unit, or a crew cancels its own assignment: the reason goes on the timeline and to the crew. */
export const CancelDispatchRequest = z.object({
  reason: singleLineText().min(1, 'Give a reason for the recall.').max(300, 'The reason is too long.'),
});

/** Moves a unit from its assignment to another incident in one step (docs/decisions/0035-incident-management.md). */
export const ReassignDispatchRequest = z.object({
  incidentId: singleLineText().min(1, 'Choose the incident to send the unit to.').max(100),
});

export const Dispatch = z.object({
  id: z.string(),
  incidentId: z.string(),
  unitId: z.string(),
  status: z.enum(DISPATCH_STATUSES),
  /** When each milestone was reached. */
  milestones: z.record(z.string(), Timestamp),
  /** Why it was cancelled (a recall, a reassignment), once it is. */
  cancelReason: z.string().nullable().optional(),
});
export type Dispatch = z.infer<typeof Dispatch>;
export const DispatchListResponse = z.object({ dispatches: z.array(Dispatch) });
export const DispatchResponse = z.object({ dispatch: Dispatch });
/** The assignment cancelled here and the one made on the other incident. */
export const ReassignDispatchResponse = z.object({ cancelled: Dispatch, dispatch: Dispatch });

/** An assignment as its crew and the dispatch board see it: the dispatch, its unit's callsign and the incident. */
export const Assignment = Dispatch.extend({ callsign: z.string(), incident: Incident });
export type Assignment = z.infer<typeof Assignment>;

export const AssignmentListQuery = z.object({
  /** Only assignments still in progress (assigned, acknowledged, en route, on scene). */
  active: z
    .enum(['true', 'false'], { error: 'active is true or false.' })
    .default('true')
    .transform((value) => value === 'true'),
  incidentId: singleLineText().min(1).max(100).optional(),
  unitId: singleLineText().min(1).max(100).optional(),
});
/** A field unit gets the assignments of the units it crews; command and analysts get all. */
export const AssignmentListResponse = z.object({ assignments: z.array(Assignment) });
