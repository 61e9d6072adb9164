import net from 'node:net';

/**
 * A simulated TAK device for tests: a real TCP socket to the CoT endpoint that records what it is
 * sent, and waits for what a test expects without any fixed sleep.
 */
export class SimulatedDevice {
  received = '';
  closed = false;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      this.received += text;
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  /** A device over a socket already opened (a TLS one, say). */
  static over(socket: net.Socket): SimulatedDevice {
    return new SimulatedDevice(socket);
  }

  static connect(port: number): Promise<SimulatedDevice> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new SimulatedDevice(socket)));
      socket.once('error', reject);
    });
  }

  send(xml: string | Buffer): void {
    this.socket.write(xml);
  }

  /** Resolves once `check` holds on what was received (or the connection closed); the test's timeout bounds it. */
  until(check: (device: SimulatedDevice) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const test = () => {
        if (check(this)) {
          this.waiters.delete(test);
          resolve();
        }
      };
      this.waiters.add(test);
      test();
    });
  }

  untilClosed(): Promise<void> {
    return this.until((device) => device.closed);
  }

  end(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Polls `read` until `check` holds: Argus applies a device's events after the socket has them. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
