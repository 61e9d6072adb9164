import type { z } from 'zod';
import type { CreateAnonymousReportRequest, CreateReportRequest } from '@argus/contracts/http/reports';
import type { SendMessageRequest } from '@argus/contracts/http/messages';
import type { DispatchStatusRequest, SosRequest, UnitPositionRequest, UnitStatusRequest } from '@argus/contracts/http/units';

/**
 * The outbox's vocabulary:
 * - action: what a person did in the field (a report, a status change, a message, …), exactly
 *   the request body the server takes, including the device-made clientId that makes a retry harmless.
 * - item: an action as stored on the device, with its place in the queue (seq) and its delivery state.
 * - waiting → sending → sent; or failed, when the server refused it (a 4xx) and a person decides.
 */

/** A photo kept on the device until it is uploaded; its id is made here so a retried upload is stored once. */
export interface OutboxPhoto {
  id: string;
  /** Dropped once uploaded, so sent items listed for a while take no space. */
  blob: Blob | null;
  type: string;
  name: string;
  size: number;
  sent: boolean;
}

export type OutboxAction =
  | { kind: 'report'; body: CreateReportRequest; photos: OutboxPhoto[] }
  /** A civic report from someone without an account, with the token of the private link it is followed by. */
  | { kind: 'anonymous-report'; body: CreateAnonymousReportRequest; photos: OutboxPhoto[] }
  | { kind: 'unit-status'; unitId: string; body: z.input<typeof UnitStatusRequest> }
  | { kind: 'position'; unitId: string; body: z.input<typeof UnitPositionRequest> }
  | { kind: 'dispatch-status'; dispatchId: string; body: z.input<typeof DispatchStatusRequest> }
  | { kind: 'message'; body: SendMessageRequest }
  | { kind: 'sos'; unitId: string; body: z.input<typeof SosRequest> };

export const OUTBOX_STATES = ['waiting', 'sending', 'failed', 'sent'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxItem {
  /** Queue order, given by the store when the item is first written: never reused. */
  seq: number;
  /** The action's clientId. */
  id: string;
  /** Whose session sends it: a phone shared by two crews never sends one's actions as the other. */
  userId: string;
  createdAt: number;
  action: OutboxAction;
  state: OutboxState;
  /** Failed attempts since it was written or last retried by hand. */
  attempts: number;
  /** No attempt before this time (backoff). */
  notBefore: number;
  /** Why the last attempt did not go through, in words a person can act on. */
  lastError: string | null;
  sentAt: number | null;
  /** A report's id on the server once it is filed, so its photos can follow it. */
  reportId: string | null;
  /** A report's tracking code once the server has answered. */
  trackingCode: string | null;
}

/** An item before the store has given it its place in the queue. */
export type NewOutboxItem = Omit<OutboxItem, 'seq'>;

/** A fresh item for an action, ready to be written. */
export function newOutboxItem(userId: string, action: OutboxAction, now: number): NewOutboxItem {
  return {
    id: action.body.clientId,
    userId,
    createdAt: now,
    action,
    state: 'waiting',
    attempts: 0,
    notBefore: now,
    lastError: null,
    sentAt: null,
    reportId: null,
    trackingCode: null,
  };
}

/** A short description for the outbox list. */
export function describeAction(action: OutboxAction): string {
  switch (action.kind) {
    case 'report':
    case 'anonymous-report': {
      const photos = action.photos.length;
      return `Report: ${action.body.category}${photos ? ` with ${photos} photo${photos === 1 ? '' : 's'}` : ''}`;
    }
    case 'unit-status':
      return `Unit status: ${action.body.status.replaceAll('_', ' ')}`;
    case 'position':
      return 'Position';
    case 'dispatch-status':
      return `Assignment: ${action.body.status.replaceAll('_', ' ')}`;
    case 'message':
      return `Message: ${action.body.body.length > 40 ? `${action.body.body.slice(0, 40)}…` : action.body.body}`;
    case 'sos':
      return 'SOS';
  }
}
