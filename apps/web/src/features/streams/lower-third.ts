/** What the lower third of the program says about its source. */
export interface LowerThird {
  callsign: string;
  /** MGRS of the source's position; null when it is not known. */
  mgrs: string | null;
}

/** Paints the lower-third band: callsign large, time and MGRS beside it, legible on any picture. */
export function drawLowerThird(context: CanvasRenderingContext2D, width: number, height: number, info: LowerThird, now: Date): void {
  const band = Math.round(height * 0.14);
  const top = height - band - Math.round(height * 0.05);
  const left = Math.round(width * 0.04);
  context.fillStyle = 'rgba(20, 21, 23, 0.82)';
  context.fillRect(left, top, width - left * 2, band);
  context.fillStyle = '#d4a72c';
  context.fillRect(left, top, Math.max(6, Math.round(width * 0.006)), band);
  const text = Math.round(band * 0.42);
  context.textBaseline = 'middle';
  context.fillStyle = '#ffffff';
  context.font = `700 ${text}px "Noto Sans", system-ui, sans-serif`;
  context.fillText(info.callsign, left + text, top + band * 0.36, width * 0.5);
  context.font = `500 ${Math.round(text * 0.62)}px "Noto Sans", system-ui, sans-serif`;
  context.fillStyle = '#e9e9ea';
  const time = now.toISOString().slice(11, 19) + 'Z';
  context.fillText(`${time}   ${info.mgrs ?? 'Position unknown'}`, left + text, top + band * 0.74, width - left * 2 - text * 2);
}
