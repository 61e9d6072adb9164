import { formatBitrate, formatLoss, formatMs, type MediaStats } from '../../lib/webrtc/stats';

export interface StatsRow {
  label: string;
  value: string;
}

/** The figures people read off a connection, in order of interest. */
export function statsRows(stats: MediaStats | null): StatsRow[] {
  const size = stats?.width && stats.height ? `${stats.width}×${stats.height}` : '–';
  const candidates = stats?.localCandidate ? `${stats.localCandidate} → ${stats.remoteCandidate ?? '?'}` : '–';
  return [
    { label: 'Resolution', value: size },
    { label: 'Frame rate', value: stats?.fps != null ? `${Math.round(stats.fps)} fps` : '–' },
    { label: 'Bitrate', value: formatBitrate(stats?.bitrate ?? null) },
    { label: 'Packet loss', value: formatLoss(stats?.packetLoss ?? null) },
    { label: 'Round trip', value: formatMs(stats?.rtt ?? null) },
    ...(stats?.direction === 'receive'
      ? [
          { label: 'Jitter buffer', value: formatMs(stats.jitterBufferDelay) },
          { label: 'Frames decoded', value: stats.framesDecoded === null ? '–' : String(stats.framesDecoded) },
        ]
      : [{ label: 'Frames sent', value: stats?.framesSent == null ? '–' : String(stats.framesSent) }]),
    { label: 'Candidates', value: candidates },
    { label: 'Codec', value: stats?.codec ?? '–' },
  ];
}

/** A definition list of a connection's live figures; extra rows (glass-to-glass delay) go first. */
export function StatsTable({ stats, extra = [], label }: { stats: MediaStats | null; extra?: StatsRow[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {[...extra, ...statsRows(stats)].map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-ink-muted">{row.label}</dt>
          <dd className="font-mono tabular-nums" data-stat={row.label}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
