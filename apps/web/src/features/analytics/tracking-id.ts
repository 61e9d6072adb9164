const TRACKING_ID_KEY = 'argus.trackingId';

let fallbackId: string | null = null;

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** One random id per browser tab (sessionStorage), so one visit's events can be grouped. */
export function getTrackingId(): string {
  try {
    const existing = sessionStorage.getItem(TRACKING_ID_KEY);
    if (existing) return existing;
    const created = randomId();
    sessionStorage.setItem(TRACKING_ID_KEY, created);
    return created;
  } catch {
    // Storage may be blocked; keep one id for this page's lifetime instead.
    fallbackId ??= randomId();
    return fallbackId;
  }
}
