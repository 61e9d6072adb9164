import { MessageResponse } from '@argus/contracts/http/messages';
import { ReportPhotoResponse, ReportResponse } from '@argus/contracts/http/reports';
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
  let current = item;
  const filed = await api.post('/reports', item.action.body, ReportResponse);
  if (current.reportId !== filed.report.id || current.trackingCode !== filed.report.trackingCode) {
    current = { ...current, reportId: filed.report.id, trackingCode: filed.report.trackingCode };
    await save(current);
  }
  for (const photo of item.action.photos) {
    if (photo.sent || !photo.blob) continue;
    await api.putRaw(
      `/reports/${segment(filed.report.id)}/photos/${segment(photo.id)}`,
      { body: photo.blob, contentType: photo.type },
      ReportPhotoResponse,
    );
    if (current.action.kind !== 'report') break;
    const photos = current.action.photos.map((candidate) =>
      candidate.id === photo.id ? { ...candidate, sent: true, blob: null } : candidate,
    );
    current = { ...current, action: { ...current.action, photos } };
    await save(current);
  }
  return filed;
}
