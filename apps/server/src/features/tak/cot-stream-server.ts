import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../realtime/events';
import type { UnitsRepository } from '../units/units.repository';
import { CotFrameTooLarge, CotFramer } from './cot-framing';
import { DEFAULT_COT_LIMITS, type CotLimits } from './cot-limits';
import { CotRefused, readCot, type CotMessage } from './cot-reading';
import { pong } from './cot-writing';
import { TakAlertPicture, type AlertSources } from './tak-alert-picture';
import type { DeviceIdentity } from './tak-certificates.service';
import { TakChat, type ChatSources } from './tak-chat';
import { landItem, type DeviceItemLanding, type DeviceItems } from './tak-device-items';
import { relayFilter } from './tak-relay';
import { TakPicture, type PictureSources } from './tak-picture';
import { TakUnitPicture } from './tak-unit-picture';
import type { Landing, TakService } from './tak.service';

/** Events read but not yet acted on, per connection, before the connection stops being read. */
const MAX_BACKLOG = 200;

interface Connection {
  id: number;
  peer: string;
  socket: net.Socket;
  framer: CotFramer;
  /** Events are acted on in the order the device sent them, one after another. */
  work: Promise<void>;
  backlog: number;
  eventTimer: NodeJS.Timeout | null;
  /** Who the client certificate says this is (TLS); null on plain TCP, where the uid is trusted. */
  device: DeviceIdentity | null;
}

/**
 * The streaming CoT endpoint: XML events over a plain TCP socket. Every device's valid events are
 * relayed to the other devices that may see them, as a TAK Server does, and mapped into Argus by
 * the TAK service (devices' drawings, feeds and incident markers by tak-device-items.ts); Argus's
 * units, emergencies, incidents, zones, alerts and chats go out to each device as its user may see
 * them. Each connection is read on its own:
 * bad input drops that connection alone, after a log line, and nothing it sent changes anything.
 *
 * `attach` also serves the TLS port (docs/decisions/0062-tak-tls-enrolment-and-revocation.md): a
 * `tls.TLSSocket` whose client certificate was checked comes with the device's identity, and its
 * events act as the certificate's user, for its unit, in its own uid only.
 */
export class CotStreamServer {
  private readonly connections = new Map<number, Connection>();
  private nextId = 1;
  private server: net.Server | null = null;
  private repeat: NodeJS.Timeout | null = null;
  private unlisten: (() => void) | null = null;
  private started: Promise<void> | null = null;
  /** Set by close(): a TLS socket still being checked when the server closes must not be served after it. */
  private closed = false;
  /** Argus's incidents and zones on each device, as its user may see them. */
  private readonly picture: TakPicture;
  /** Argus's units and their emergencies on each device, as its user may see them. */
  private readonly unitPicture: TakUnitPicture;
  /** GeoChat both ways (docs/decisions/0067-tak-geochat-filtering-and-alerts.md). */
  private readonly chat: TakChat;
  /** Argus's alerts on each device, as its user may see them. */
  private readonly alerts: TakAlertPicture;
  /** Drawings, video feeds and incident markers devices send (docs/decisions/0068-tak-items-from-devices.md). */
  private items: DeviceItems | null = null;

  constructor(
    private readonly tak: TakService,
    private readonly events: EventBus,
    units: UnitsRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    sources: PictureSources & ChatSources & AlertSources,
    private readonly limits: CotLimits = DEFAULT_COT_LIMITS,
  ) {
    const send = (connectionId: number, xml: string) => {
      const connection = this.connections.get(connectionId);
      if (connection) this.send(connection, xml);
    };
    const drawnOnTak = (zoneId: string) => this.items?.drawings.drewZone(zoneId) ?? false;
    this.picture = new TakPicture({ ...sources, drawnOnTak }, clock, send);
    this.unitPicture = new TakUnitPicture(tak, units, this.picture, clock, (xml, sees) => this.broadcast(xml, sees));
    this.chat = new TakChat(tak, sources, clock, send);
    this.alerts = new TakAlertPicture(sources, this.picture, clock, send);
  }

  /** Takes devices' drawings in as zones and video feeds as cameras; set before the endpoint opens. */
  useItems(items: DeviceItems): void {
    this.items = items;
  }

  /** Starts hearing Argus's events and listening on `port` (0: any free port); resolves with the port. */
  async listen(port: number, host: string): Promise<number> {
    await this.open();
    const server = net.createServer((socket) => this.attach(socket, `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`));
    server.maxConnections = this.limits.maxConnections;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Failures to accept (out of file descriptors, say) are 'error' events on the server: without
    // a listener for its whole life one would end the process.
    server.on('error', (error) => this.log.error({ err: error }, 'CoT endpoint error'));
    const bound = (server.address() as net.AddressInfo).port;
    this.log.info({ port: bound, host }, 'CoT endpoint listening (plain TCP)');
    return bound;
  }

  /** The port listened on, once listening. */
  get port(): number | null {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unlisten?.();
    this.unlisten = null;
    this.started = null;
    if (this.repeat) clearInterval(this.repeat);
    this.repeat = null;
    for (const connection of this.connections.values()) connection.socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Serves one connected device: what it should see first, then its stream. */
  attach(socket: net.Socket, peer: string, device: DeviceIdentity | null = null): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    const connection: Connection = {
      id: this.nextId++,
      peer,
      socket,
      framer: new CotFramer(this.limits.maxEventBytes),
      work: Promise.resolve(),
      backlog: 0,
      eventTimer: null,
      device,
    };
    this.connections.set(connection.id, connection);
    this.chat.join(connection.id, device);
    const log = this.log.child({ cotConnection: connection.id, peer, ...(device && { certificate: device.certificateId }) });
    log.info(device ? { deviceUid: device.deviceUid, unitId: device.unitId } : {}, 'TAK device connected');
    socket.setNoDelay(true);
    socket.setTimeout(this.limits.idleTimeoutMs);
    socket.on('timeout', () => this.drop(connection, log, 'idle timeout'));
    socket.on('error', (error) => log.info({ err: error.message }, 'TAK connection error'));
    socket.on('close', () => {
      if (connection.eventTimer) clearTimeout(connection.eventTimer);
      this.connections.delete(connection.id);
      this.picture.leave(connection.id);
      this.chat.leave(connection.id);
      this.alerts.leave(connection.id);
      log.info('TAK device disconnected');
    });
    socket.on('data', (chunk: Buffer) => this.receive(connection, chunk, log));
    void this.greet(connection, log);
  }

  /** Starts hearing Argus's events, once, for whichever listener (TCP, TLS) comes first. */
  open(): Promise<void> {
    this.started ??= this.start();
    return this.started;
  }

  /** Drops the open connections of these certificates (revoked, their user deactivated). */
  dropCertificates(ids: readonly string[]): void {
    const cut = new Set(ids);
    for (const connection of this.connections.values())
      if (connection.device && cut.has(connection.device.certificateId))
        this.drop(
          connection,
          this.log.child({ cotConnection: connection.id, peer: connection.peer }),
          'its certificate may no longer connect',
        );
  }

  /** The certificates of the open TLS connections. */
  certificates(): string[] {
    return [...this.connections.values()].flatMap((connection) => (connection.device ? [connection.device.certificateId] : []));
  }

  private async start(): Promise<void> {
    await this.tak.loadBindings();
    await this.items?.drawings.load();
    await this.unitPicture.load();
    this.unlisten = this.events.listen((event) => {
      // After the write that announced it, not inside it: a CoT that cannot be written must not
      // fail the save, and N device sockets are not written on its request path.
      const later = (what: string, act: () => void | Promise<void>) =>
        setImmediate(() => {
          Promise.resolve()
            .then(act)
            .catch((error: unknown) => this.log.error({ err: error }, `could not send ${what} to TAK devices`));
        });
      switch (event.type) {
        case 'unit.position':
        case 'unit.updated':
        case 'unit.created':
          return later(`a change of unit ${event.data.id}`, () => this.unitPicture.unitChanged(event.data));
        case 'incident.created':
        case 'incident.updated':
          return later(`a change of incident ${event.data.id}`, () => this.picture.incidentChanged(event.data));
        case 'zone.created':
        case 'zone.updated':
          return later(`a change of zone ${event.data.id}`, async () => {
            await this.items?.drawings.refresh(event.data.id);
            this.picture.zoneChanged(event.data);
            // A device's drawing is on every device (relayed and replayed to all), so its removal is too.
            const taken = await this.items?.drawings.zoneChanged(event.data);
            if (taken) this.broadcast(taken, () => true);
          });
        case 'message.created':
          return later(`message ${event.data.id}`, () => this.chat.messageCreated(event.data));
        case 'alert.created':
        case 'alert.updated':
          return later(`a change of alert ${event.data.id}`, () => this.alerts.alertChanged(event.data));
        case 'dispatch.created':
        case 'dispatch.updated':
          return later(`the assignments of unit ${event.data.unitId}`, () => this.picture.assignmentsChanged(event.data.unitId));
        default:
          return;
      }
    });
    this.repeat = setInterval(() => {
      if (this.connections.size > 0) this.unitPicture.repeatEmergencies();
    }, this.limits.emergencyRepeatMs);
    this.repeat.unref();
  }

  /**
   * What the device may see (docs/decisions/0067-tak-geochat-filtering-and-alerts.md): the latest
   * SA of the contacts, the units' positions and the active emergencies, then the incidents,
   * zones and alerts.
   */
  private async greet(connection: Connection, log: FastifyBaseLogger): Promise<void> {
    try {
      await this.picture.admit(connection.id, connection.device);
      const events = [
        ...(await this.tak.latestSa()).filter((sa) => this.picture.seesContact(connection.id, sa.unitId)).map((sa) => sa.xml),
        ...(await this.unitPicture.greeting(connection.id)),
        // Devices' drawings are relayed to every device (tak-relay.ts), so every device is replayed them.
        ...((await this.items?.drawings.latestEvents()) ?? []),
      ];
      for (const xml of events) if (xml) this.send(connection, xml);
      await this.items?.drawings.load();
      // A device gone while the rest was read is not joined: nothing would ever forget its picture.
      if (!this.connections.has(connection.id)) return this.picture.leave(connection.id);
      await this.picture.join(connection.id);
      if (this.connections.has(connection.id)) await this.alerts.join(connection.id);
    } catch (error) {
      log.error({ err: error }, 'could not send the current picture to a TAK device');
    }
  }

  private receive(connection: Connection, chunk: Buffer, log: FastifyBaseLogger): void {
    let frames: string[];
    try {
      frames = connection.framer.push(chunk);
    } catch (error) {
      if (error instanceof CotFrameTooLarge) return this.drop(connection, log, error.message);
      throw error;
    }
    this.watchUnfinishedEvent(connection, log, frames.length);
    for (const xml of frames) {
      connection.backlog += 1;
      if (connection.backlog > MAX_BACKLOG) connection.socket.pause();
      connection.work = connection.work.then(async () => {
        // Whatever goes wrong with one event ends that connection, never the process.
        if (!connection.socket.destroyed)
          await this.handle(connection, xml, log).catch((error: unknown) => {
            log.error({ err: error }, 'CoT event failed');
            this.drop(connection, log, 'an event could not be handled');
          });
        connection.backlog -= 1;
        if (connection.backlog <= MAX_BACKLOG / 2 && connection.socket.isPaused()) connection.socket.resume();
      });
    }
  }

  /**
   * An event begun and not finished in time drops the connection. The watch starts again whenever
   * an event completes, so a busy device whose reads end mid-event is not taken for a slow one.
   */
  private watchUnfinishedEvent(connection: Connection, log: FastifyBaseLogger, completed: number): void {
    if (completed > 0 || !connection.framer.hasUnfinishedEvent()) {
      if (connection.eventTimer) clearTimeout(connection.eventTimer);
      connection.eventTimer = null;
    }
    if (!connection.framer.hasUnfinishedEvent()) return;
    connection.eventTimer ??= setTimeout(
      () => this.drop(connection, log, `an event unfinished after ${this.limits.eventTimeoutMs} ms`),
      this.limits.eventTimeoutMs,
    );
  }

  private async handle(connection: Connection, xml: string, log: FastifyBaseLogger): Promise<void> {
    let message: CotMessage;
    try {
      message = readCot(xml);
    } catch (error) {
      if (error instanceof CotRefused) return this.drop(connection, log, error.message);
      throw error;
    }
    if (message.kind === 'ping') {
      this.send(connection, pong(this.clock.now()));
      return;
    }
    const refusal = await this.tak.refusal(connection.device, message);
    if (refusal) {
      log.warn({ uid: message.uid, kind: message.kind, reason: refusal }, 'CoT event refused');
      return;
    }
    // A plain-TCP device is known by the uid it first speaks as (a certified one by its certificate).
    if (message.kind === 'sa' || message.kind === 'chat')
      this.chat.heard(connection.id, message.kind === 'chat' ? message.senderUid : message.uid);
    try {
      if (message.kind === 'chat' || message.kind === 'chat-receipt') {
        // Chats and receipts go where the chat mapping says: to their room's members, and into Argus.
        const { landing, relayTo } =
          message.kind === 'chat' ? await this.chat.incoming(connection.id, message) : await this.chat.receipt(connection.id, message);
        for (const id of relayTo) this.sendTo(id, xml);
        log.debug({ uid: message.uid, kind: message.kind, ...landing }, 'CoT event');
        return;
      }
      // Devices see each other as they would through a TAK Server, each what its user may see.
      this.relay(connection, xml, relayFilter(this.picture, this.tak, message));
      const landing = await this.land(connection, message);
      if (landing)
        log.debug(
          { uid: message.uid, kind: message.kind, ...(message.kind === 'emergency' && { alert: message.alert }), ...landing },
          'CoT event',
        );
    } catch (error) {
      // A refusal by the service (not the crew's unit, a time far off) is about this event alone.
      log.warn({ err: error, uid: message.uid, kind: message.kind }, 'CoT event not applied');
    }
  }

  private land(connection: Connection, message: CotMessage): Promise<Landing | DeviceItemLanding> | null {
    const { device } = connection;
    switch (message.kind) {
      case 'sa':
        return this.tak.position(message, device);
      case 'emergency':
        return this.tak.emergency(message, device);
      case 'emergency-cancel':
        return this.tak.cancelEmergency(message, device);
      default:
        return landItem(this.items, message, device);
    }
  }

  /** Sends to every device that may see it. */
  private broadcast(xml: string, sees: (connectionId: number) => boolean): void {
    for (const connection of this.connections.values()) if (sees(connection.id)) this.send(connection, xml);
  }

  private relay(from: Connection, xml: string, sees: (connectionId: number) => boolean): void {
    for (const connection of this.connections.values()) if (connection !== from && sees(connection.id)) this.send(connection, xml);
  }

  private sendTo(connectionId: number, xml: string): void {
    const connection = this.connections.get(connectionId);
    if (connection) this.send(connection, xml);
  }

  /** Writes to one device; a device that stops reading is dropped before its queue grows without end. */
  private send(connection: Connection, xml: string): void {
    const { socket } = connection;
    if (socket.destroyed) return;
    if (socket.writableLength > this.limits.maxQueuedBytes) {
      this.drop(connection, this.log.child({ cotConnection: connection.id, peer: connection.peer }), 'it does not read what is sent');
      return;
    }
    socket.write(xml);
  }

  private drop(connection: Connection, log: FastifyBaseLogger, reason: string): void {
    if (connection.socket.destroyed) return;
    log.warn({ reason }, 'TAK connection dropped');
    connection.socket.destroy();
  }
}
