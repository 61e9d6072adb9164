/** "just now", "40 s ago", "12 min ago", "3 h ago", "2 d ago": how old something is, at a glance. */
export function formatAge(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** "14:05" (or "14:05:09"): operations read a 24-hour clock whatever the device's locale prefers. */
export function clockTime(at: number, seconds = false): string {
  return new Date(at).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: seconds ? '2-digit' : undefined,
    hourCycle: 'h23',
  });
}

/** "14:02" today, "3 Mar 14:02" otherwise: a clock time people can match against a radio log. */
export function formatClock(at: number, now: number): string {
  const date = new Date(at);
  const time = clockTime(at);
  return new Date(now).toDateString() === date.toDateString()
    ? time
    : `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${time}`;
}

/** A date and time people can match against a radio log: "3 Mar, 14:02". */
export function formatDateTime(at: number): string {
  return new Date(at).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/**
 * "27 Nov 2026 14:02" (or "… 14:02:09"): the full date and 24-hour time, for a record read later
 * (an incident's timeline, its report), where "today" means nothing.
 */
export function fullDateTime(at: number, seconds = false): string {
  const date = new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${date} ${clockTime(at, seconds)}`;
}
