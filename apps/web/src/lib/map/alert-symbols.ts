import { ALERT_SEVERITIES, type AlertSeverity, type AlertStatus } from '@argus/contracts/alerts';
import { ALERT_COLOURS } from './palette';
import { isOneOf, nameParts, type SymbolLook } from './symbol-look';

/**
 * How an alert that names a place is drawn: a MIL-STD-2525D activity/event (symbol set 40) in
 * the unknown affiliation's quatrefoil frame, since an alert is something seen but not yet judged,
 * filled with its severity's colour and badged with the severity's letter. Once someone has
 * acknowledged it (or it is closed) the frame is pale and the badge hollow, so a handled alert
 * reads apart from a new one without relying on colour (docs/decisions/0030-unit-symbols.md).
 */
export const ALERT_SIDC = '10014000001100000000';

/** The letter in each severity badge: one per severity. */
export const ALERT_SEVERITY_GLYPHS: Record<AlertSeverity, string> = { info: 'I', warning: 'W', critical: 'C' };

const NAME_PREFIX = 'argus-alert-';

/** Alerts no one has acted on yet; the others are drawn as handled. */
const isNew = (status: AlertStatus) => status === 'new';

export function alertSymbolName(severity: AlertSeverity, status: AlertStatus): string {
  return `${NAME_PREFIX}${severity}-${isNew(status) ? 'new' : 'handled'}`;
}

function alertSymbol(severity: AlertSeverity, handled: boolean): SymbolLook {
  const colour = ALERT_COLOURS[severity];
  return {
    name: `${NAME_PREFIX}${severity}-${handled ? 'handled' : 'new'}`,
    sidc: ALERT_SIDC,
    fillColour: colour,
    fillOpacity: handled ? 0.35 : 1,
    badge: { text: ALERT_SEVERITY_GLYPHS[severity], colour, hollow: handled },
  };
}

/** The look a name stands for, or null when the name is not an alert look's. */
export function alertSymbolFromName(name: string): SymbolLook | null {
  const [severity, state, ...rest] = nameParts(name, NAME_PREFIX) ?? [];
  if (rest.length > 0 || !isOneOf(ALERT_SEVERITIES, severity) || (state !== 'new' && state !== 'handled')) return null;
  return alertSymbol(severity, state === 'handled');
}
