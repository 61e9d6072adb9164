/**
 * What a field unit's phone says about itself alongside its video: where it is, which way it
 * faces and how much battery is left. Sent on the stream's data channel as JSON.
 */
export interface StreamTelemetry {
  at: number;
  position: { lat: number; lon: number; accuracy: number | null } | null;
  /** Compass degrees, from the device's orientation or the GPS course. */
  heading: number | null;
  /** 0 to 1, where the browser tells (navigator.getBattery). */
  battery: number | null;
  charging: boolean | null;
}

interface BatteryManager {
  level: number;
  charging: boolean;
}

type NavigatorWithBattery = Navigator & { getBattery?: () => Promise<BatteryManager> };

/** Keeps the latest reading of each sensor the browser offers; stop() releases them. */
export class TelemetrySource {
  private position: StreamTelemetry['position'] = null;
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
          this.position = { lat: fix.coords.latitude, lon: fix.coords.longitude, accuracy: fix.coords.accuracy ?? null };
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

  read(): StreamTelemetry {
    return {
      at: Date.now(),
      position: this.position,
      heading: this.heading === null ? null : Math.round(this.heading),
      battery: this.battery ? this.battery.level : null,
      charging: this.battery ? this.battery.charging : null,
    };
  }

  stop(): void {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
    window.removeEventListener('deviceorientationabsolute', this.handleOrientation as EventListener);
    window.removeEventListener('deviceorientation', this.handleOrientation);
  }
}

/** Parses a telemetry message from a data channel; null when it is not one. */
export function parseTelemetry(data: unknown): StreamTelemetry | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<StreamTelemetry>;
    return typeof value.at === 'number' ? (value as StreamTelemetry) : null;
  } catch {
    return null;
  }
}
