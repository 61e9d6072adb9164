import { TelemetryMessage } from '@argus/contracts/realtime/signaling';

/**
 * What a field unit's phone says about itself alongside its video: where it is, which way it
 * faces (device orientation, else the GPS course) and how much battery is left
 * (navigator.getBattery where the browser has it). Sent on the stream's `telemetry` data channel.
 */

interface BatteryManager {
  level: number;
  charging: boolean;
}

type NavigatorWithBattery = Navigator & { getBattery?: () => Promise<BatteryManager> };

/** Keeps the latest reading of each sensor the browser offers; stop() releases them. */
export class TelemetrySource {
  private position: { lat: number; lon: number } | null = null;
  private heading: number | null = null;
  private battery: BatteryManager | null = null;
  private watchId: number | null = null;
  private readonly handleOrientation = (event: DeviceOrientationEvent) => {
    // iOS gives a true compass heading; elsewhere alpha is counter-clockwise from north when absolute.
    const compass = (event as DeviceOrientationEvent & { webkitCompassHeading?: number }).webkitCompassHeading;
    if (typeof compass === 'number') this.heading = compass;
    else if (event.absolute && event.alpha !== null) this.heading = (360 - event.alpha) % 360;
  };

  start(): void {
    if ('geolocation' in navigator) {
      this.watchId = navigator.geolocation.watchPosition(
        (fix) => {
          this.position = { lat: fix.coords.latitude, lon: fix.coords.longitude };
          if (fix.coords.heading !== null && Number.isFinite(fix.coords.heading)) this.heading ??= fix.coords.heading;
        },
        () => undefined,
        { enableHighAccuracy: true, maximumAge: 5000 },
      );
    }
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
    return {
      type: 'telemetry',
      lat: this.position?.lat ?? null,
      lon: this.position?.lon ?? null,
      heading: this.heading === null ? null : Math.round(this.heading) % 360,
      battery: this.battery ? this.battery.level : null,
      at: Date.now(),
    };
  }

  stop(): void {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
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
