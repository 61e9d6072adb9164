/** "3 d 4 h", "5 h 12 min", "42 s": uptime at a glance. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${s % 60} s`;
  return `${s} s`;
}

/** Ratios such as error rate and uptime read as percentages. */
export function formatPercent(ratio: number | null): string {
  if (ratio === null) return 'no data';
  return `${(ratio * 100).toFixed(2)}%`;
}
