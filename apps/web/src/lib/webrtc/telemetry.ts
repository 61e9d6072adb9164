import { TelemetryMessage } from '@argus/contracts/realtime/signaling';

/**
 * What a field unit's phone says about itself alongside its video: where it is, which way it
 * faces (device orientation, else the GPS course) and how much battery is left
 * (navigator.getBattery where the browser has it). Sent on the stream's `telemetry` data channel.
 *
 * The position is the page's own fix, read when each message goes: a second geolocation watch
 * would cost battery and, started after the first, waits for the next fresh fix before it says
 * anything (Chromium answers a new watch only from a fix younger than its maximumAge).
 */

interface BatteryManager {
  level: number;
  charging: boolean;
}

type NavigatorWithBattery = Navigator & { getBattery?: () => Promise<BatteryManager> };

/** Where the phone is and which way it moves, as the page's geolocation watch last said; null before a fix. */
export type TelemetryFix = { lat: number; lon: number; course: number | null } | null;

/** Keeps the latest reading of each sensor the browser offers; stop() releases them. */
export class TelemetrySource {
  private heading: number | null = null;
  private battery: BatteryManager | null = null;
  private readonly handleOrientation = (event: DeviceOrientationEvent) => {
    // iOS gives a true compass heading; elsewhere alpha is counter-clockwise from north when absolute.
    const compass = (event as DeviceOrientationEvent & { webkitCompassHeading?: number }).webkitCompassHeading;
    if (typeof compass === 'number') this.heading = compass;
    else if (event.absolute && event.alpha !== null) this.heading = (360 - event.alpha) % 360;
  };

  constructor(private readonly readFix: () => TelemetryFix) {}

  start(): void {
    window.addEventListener('deviceorientationabsolute', this.handleOrientation as EventListener);
    window.addEventListener('deviceorientation', this.handleOrientation);
    const getBattery = (navigator as NavigatorWithBattery).getBattery;
    if (getBattery) {
      getBattery
        .call(navigator)
        .then((battery) => (this.battery = battery))
        .catch(() => undefined);
    }
  }

  read(): TelemetryMessage {
    const fix = this.readFix();
    // The compass when the device has one, else the direction of travel.
    const heading = this.heading ?? fix?.course ?? null;
    return {
      type: 'telemetry',
      lat: fix?.lat ?? null,
      lon: fix?.lon ?? null,
      heading: heading === null ? null : Math.round(heading) % 360,
      battery: this.battery ? this.battery.level : null,
      at: Date.now(),
    };
  }

  stop(): void {
    window.removeEventListener('deviceorientationabsolute', this.handleOrientation as EventListener);
    window.removeEventListener('deviceorientation', this.handleOrientation);
  }
}

/** Parses a telemetry message from a data channel; null when it is not one. */
export function parseTelemetry(data: unknown): TelemetryMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = TelemetryMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
