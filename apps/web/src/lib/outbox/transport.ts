import { MessageResponse } from '@argus/contracts/http/messages';
import { FOLLOW_TOKEN_HEADER, FollowedReportResponse, ReportPhotoResponse, ReportResponse } from '@argus/contracts/http/reports';
import { DispatchResponse, UnitResponse } from '@argus/contracts/http/units';
import { api } from '../api';
import { toServerTime } from '../server-clock';
import type { OutboxItem } from './outbox-item';
import type { OutboxTransport } from './outbox';

const segment = encodeURIComponent;

/**
 * When the action happened, on the server's clock: the moment it was written to the outbox (a
 * position, the moment of its fix), corrected by the offset estimated when it is sent, so a phone
 * that queued it with no signal still dates it right (docs/decisions/0042-device-time.md).
 */
function occurredAt(item: OutboxItem): string {
  const deviceTime = item.action.kind === 'position' ? (item.action.body.at ?? item.createdAt) : item.createdAt;
  return new Date(toServerTime(deviceTime)).toISOString();
}

/** Delivers items through the app's API client (cookies, CSRF, timeouts, error codes). */
export const apiTransport: OutboxTransport = {
  async send(item, save) {
    const { action } = item;
    const timed = { occurredAt: occurredAt(item) };
    switch (action.kind) {
      case 'report':
        return sendReport(item, save, timed);
      case 'anonymous-report':
        return sendAnonymousReport(item, save, timed);
      case 'unit-status':
        return api.post(`/units/${segment(action.unitId)}/status`, { ...action.body, ...timed }, UnitResponse);
      case 'position': {
        // occurredAt replaces the raw device time of the fix.
        const { at: _raw, ...body } = action.body;
        return api.post(`/units/${segment(action.unitId)}/position`, { ...body, ...timed }, UnitResponse);
      }
      case 'dispatch-status':
        return api.post(`/dispatches/${segment(action.dispatchId)}/status`, { ...action.body, ...timed }, DispatchResponse);
      case 'message':
        return api.post('/messages', { ...action.body, ...timed }, MessageResponse);
      case 'sos':
        // Any 2xx means command has it; the answer's shape is read where it is used.
        return api.post(`/units/${segment(action.unitId)}/sos`, { ...action.body, ...timed });
    }
  },
};

/**
 * A report first, then its photos one by one. Each step is saved as it completes, so after a
 * dropped connection or a closed tab only what is left is sent (and the server's idempotency
 * covers a step whose answer was lost).
 */
async function sendReport(item: OutboxItem, save: (item: OutboxItem) => Promise<void>, timed: { occurredAt: string }): Promise<unknown> {
  if (item.action.kind !== 'report') throw new Error('Not a report.');
  const filed = await api.post('/reports', { ...item.action.body, ...timed }, ReportResponse);
  // Photos are taken with their report, and dated with it.
  const dated = `?occurredAt=${segment(timed.occurredAt)}`;
  await sendPhotos(item, filed.report, save, (photoId, photo) =>
    api.putRaw(`/reports/${segment(filed.report.id)}/photos/${segment(photoId)}${dated}`, photo, ReportPhotoResponse),
  );
  return filed;
}

/** The same for a report without an account: its photos go with the follow link's token, the only proof it is theirs. */
async function sendAnonymousReport(
  item: OutboxItem,
  save: (item: OutboxItem) => Promise<void>,
  timed: { occurredAt: string },
): Promise<unknown> {
  if (item.action.kind !== 'anonymous-report') throw new Error('Not an anonymous report.');
  const headers = { [FOLLOW_TOKEN_HEADER]: item.action.body.followToken };
  const filed = await api.post('/public/reports', { ...item.action.body, ...timed }, FollowedReportResponse);
  const dated = `?occurredAt=${segment(timed.occurredAt)}`;
  await sendPhotos(item, filed.report, save, (photoId, photo) =>
    api.putRaw(`/public/reports/${segment(filed.report.id)}/photos/${segment(photoId)}${dated}`, photo, ReportPhotoResponse, { headers }),
  );
  return filed;
}

async function sendPhotos(
  item: OutboxItem,
  filed: { id: string; trackingCode: string },
  save: (item: OutboxItem) => Promise<void>,
  upload: (photoId: string, photo: { body: Blob; contentType: string }) => Promise<unknown>,
): Promise<void> {
  if (item.action.kind !== 'report' && item.action.kind !== 'anonymous-report') return;
  let current = item;
  if (current.reportId !== filed.id || current.trackingCode !== filed.trackingCode) {
    current = { ...current, reportId: filed.id, trackingCode: filed.trackingCode };
    await save(current);
  }
  for (const photo of item.action.photos) {
    if (photo.sent || !photo.blob) continue;
    await upload(photo.id, { body: photo.blob, contentType: photo.type });
    if (current.action.kind !== 'report' && current.action.kind !== 'anonymous-report') break;
    const photos = current.action.photos.map((candidate) =>
      candidate.id === photo.id ? { ...candidate, sent: true, blob: null } : candidate,
    );
    current = { ...current, action: { ...current.action, photos } };
    await save(current);
  }
}
