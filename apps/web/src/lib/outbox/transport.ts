import { MessageResponse } from '@argus/contracts/http/messages';
import { FOLLOW_TOKEN_HEADER, FollowedReportResponse, ReportPhotoResponse, ReportResponse } from '@argus/contracts/http/reports';
import { DispatchResponse, UnitResponse } from '@argus/contracts/http/units';
import { api } from '../api';
import type { OutboxItem } from './outbox-item';
import type { OutboxTransport } from './outbox';

const segment = encodeURIComponent;

/** Delivers items through the app's API client (cookies, CSRF, timeouts, error codes). */
export const apiTransport: OutboxTransport = {
  async send(item, save) {
    const { action } = item;
    switch (action.kind) {
      case 'report':
        return sendReport(item, save);
      case 'anonymous-report':
        return sendAnonymousReport(item, save);
      case 'unit-status':
        return api.post(`/units/${segment(action.unitId)}/status`, action.body, UnitResponse);
      case 'position':
        return api.post(`/units/${segment(action.unitId)}/position`, action.body, UnitResponse);
      case 'dispatch-status':
        return api.post(`/dispatches/${segment(action.dispatchId)}/status`, action.body, DispatchResponse);
      case 'message':
        return api.post('/messages', action.body, MessageResponse);
      case 'sos':
        // Any 2xx means command has it; the answer's shape is read where it is used.
        return api.post(`/units/${segment(action.unitId)}/sos`, action.body);
    }
  },
};

/**
 * A report first, then its photos one by one. Each step is saved as it completes, so after a
 * dropped connection or a closed tab only what is left is sent (and the server's idempotency
 * covers a step whose answer was lost).
 */
async function sendReport(item: OutboxItem, save: (item: OutboxItem) => Promise<void>): Promise<unknown> {
  if (item.action.kind !== 'report') throw new Error('Not a report.');
  const filed = await api.post('/reports', item.action.body, ReportResponse);
  await sendPhotos(item, filed.report, save, (photoId, photo) =>
    api.putRaw(`/reports/${segment(filed.report.id)}/photos/${segment(photoId)}`, photo, ReportPhotoResponse),
  );
  return filed;
}

/** The same for a report without an account: its photos go with the follow link's token, the only proof it is theirs. */
async function sendAnonymousReport(item: OutboxItem, save: (item: OutboxItem) => Promise<void>): Promise<unknown> {
  if (item.action.kind !== 'anonymous-report') throw new Error('Not an anonymous report.');
  const headers = { [FOLLOW_TOKEN_HEADER]: item.action.body.followToken };
  const filed = await api.post('/public/reports', item.action.body, FollowedReportResponse);
  await sendPhotos(item, filed.report, save, (photoId, photo) =>
    api.putRaw(`/public/reports/${segment(filed.report.id)}/photos/${segment(photoId)}`, photo, ReportPhotoResponse, { headers }),
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
