import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Unit } from '@argus/contracts/http/units';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../realtime/events';
import { presentUnit } from '../units/units.presenter';
import type { UnitsRepository } from '../units/units.repository';
import { CotConnection } from './cot-connection';
import { DEFAULT_COT_LIMITS, type CotLimits } from './cot-limits';
import { CotRefused, readCot, type CotMessage } from './cot-reading';
import { pong, unitEmergency, unitEmergencyCancel, unitSa } from './cot-writing';
import type { DeviceIdentity } from './tak-certificates.service';
import type { ItemLanding, TakDrawings } from './tak-drawings';
import type { ReportLanding, TakIncidentReports } from './tak-incident-reports';
import type { TakVideo, VideoLanding } from './tak-video';
import { TakPicture, type PictureSources } from './tak-picture';
import { LatestSaWriter, MAX_PENDING_SA } from './tak-latest-sa-writer';
import { OutgoingCot } from './tak-protocol-negotiation';
import type { Landing, TakService } from './tak.service';

/**
 * The streaming CoT endpoint: XML events over a plain TCP socket. Every device's valid events are
 * relayed to the other devices, as a TAK Server does, and mapped into Argus by the TAK service;
 * Argus's units and active emergencies go out to every device. Each connection is read on its own
 * (cot-connection.ts): bad input drops that connection alone, after a log line, and nothing it sent
 * changes anything.
 *
 * `attach` also serves the TLS port (docs/decisions/0062-tak-tls-enrolment-and-revocation.md): a
 * `tls.TLSSocket` whose client certificate was checked comes with the device's identity, and its
 * events act as the certificate's user, for its unit, in its own uid only.
 */
export class CotStreamServer {
  private readonly connections = new Map<number, CotConnection>();
  private readonly emergencies = new Map<string, Unit>();
  private nextId = 1;
  private server: net.Server | null = null;
  private repeat: NodeJS.Timeout | null = null;
  private unlisten: (() => void) | null = null;
  private started: Promise<void> | null = null;
  /** Set by close(): a TLS socket still being checked when the server closes must not be served after it. */
  private closed = false;
  /** Argus's incidents and zones on each device, as its user may see them. */
  private readonly picture: TakPicture;
  /** Positions written behind the stream, the latest of each contact (tak-latest-sa-writer.ts). */
  private readonly positions: LatestSaWriter;
  /** Drawings devices send, kept as zones (docs/decisions/0068-tak-items-from-devices.md). */
  private drawings: TakDrawings | null = null;
  /** Video feeds devices announce, kept as cameras. */
  private video: TakVideo | null = null;
  /** Incidents devices mark, filed as field reports. */
  private reports: TakIncidentReports | null = null;

  constructor(
    private readonly tak: TakService,
    private readonly events: EventBus,
    private readonly units: UnitsRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    sources: PictureSources,
    private readonly limits: CotLimits = DEFAULT_COT_LIMITS,
  ) {
    this.positions = new LatestSaWriter((sa, device) => this.tak.position(sa, device));
    const drawnOnTak = (zoneId: string) => this.drawings?.drewZone(zoneId) ?? false;
    this.picture = new TakPicture({ ...sources, drawnOnTak }, clock, (connectionId, xml) => {
      const connection = this.connections.get(connectionId);
      if (connection) this.send(connection, xml);
    });
  }

  /** Takes devices' drawings in as zones and video feeds as cameras; set before the endpoint opens. */
  useItems(items: { drawings: TakDrawings; video: TakVideo; reports: TakIncidentReports }): void {
    this.drawings = items.drawings;
    this.video = items.video;
    this.reports = items.reports;
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
    // Positions already relayed are written before the database closes.
    await this.positions.settled();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Serves one connected device: what it should see first, then its stream. */
  attach(socket: net.Socket, peer: string, device: DeviceIdentity | null = null, options: { offer?: boolean } = {}): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    const id = this.nextId++;
    const log = this.log.child({ cotConnection: id, peer, ...(device && { certificate: device.certificateId }) });
    const connection = new CotConnection(id, peer, socket, device, log, this.limits, () => this.clock.now());
    this.connections.set(connection.id, connection);
    log.info(device ? { deviceUid: device.deviceUid, unitId: device.unitId } : {}, 'TAK device connected');
    socket.setNoDelay(true);
    socket.setTimeout(this.limits.idleTimeoutMs);
    socket.on('timeout', () => connection.drop('idle timeout'));
    socket.on('error', (error) => log.info({ err: error.message }, 'TAK connection error'));
    socket.on('close', () => {
      this.connections.delete(connection.id);
      this.picture.leave(connection.id);
      log.info('TAK device disconnected');
    });
    socket.on('data', (chunk: Buffer) => connection.receive(chunk, (xml) => this.handle(connection, xml, log)));
    // A stream Argus opened to a TAK Server (tak-gateway.ts) is the server's to offer on, not Argus's.
    if (options.offer !== false) this.send(connection, connection.stream.offer());
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
      if (connection.device && cut.has(connection.device.certificateId)) connection.drop('its certificate may no longer connect');
  }

  /** The certificates of the open TLS connections. */
  certificates(): string[] {
    return [...this.connections.values()].flatMap((connection) => (connection.device ? [connection.device.certificateId] : []));
  }

  private async start(): Promise<void> {
    await this.tak.loadBindings();
    await this.drawings?.load();
    for (const row of await this.units.list({ emergency: true })) this.emergencies.set(row.id, presentUnit(row));
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
          return later(`a change of unit ${event.data.id}`, () => this.unitChanged(event.data));
        case 'incident.created':
        case 'incident.updated':
          return later(`a change of incident ${event.data.id}`, () => this.picture.incidentChanged(event.data));
        case 'zone.created':
        case 'zone.updated':
          return later(`a change of zone ${event.data.id}`, async () => {
            this.picture.zoneChanged(event.data);
            const taken = await this.drawings?.zoneChanged(event.data);
            if (taken) this.broadcast(taken);
          });
        case 'dispatch.created':
        case 'dispatch.updated':
          return later(`the assignments of unit ${event.data.unitId}`, () => this.picture.assignmentsChanged(event.data.unitId));
        default:
          return;
      }
    });
    this.repeat = setInterval(() => this.repeatEmergencies(), this.limits.emergencyRepeatMs);
    this.repeat.unref();
  }

  /** The latest SA of every contact, every unit's position, the active emergencies, then the incidents and zones it may see. */
  private async greet(connection: CotConnection, log: FastifyBaseLogger): Promise<void> {
    try {
      const now = this.clock.now();
      const units = await this.units.list();
      const events = [
        ...(await this.tak.latestSa()),
        ...units.filter((unit) => !this.tak.isBound(unit.id)).map((unit) => unitSa(presentUnit(unit), now)),
        ...[...this.emergencies.values()].map((unit) => unitEmergency(unit, now)),
        ...((await this.drawings?.latestEvents()) ?? []),
      ];
      for (const xml of events) if (xml) this.send(connection, xml);
      // A device gone while the rest was read is not joined: nothing would ever forget its picture.
      if (this.connections.has(connection.id)) await this.picture.join(connection.id, connection.device);
    } catch (error) {
      log.error({ err: error }, 'could not send the current picture to a TAK device');
    }
  }

  private async handle(connection: CotConnection, xml: string, log: FastifyBaseLogger): Promise<void> {
    let message: CotMessage;
    try {
      message = readCot(xml);
    } catch (error) {
      if (error instanceof CotRefused) return connection.drop(error.message);
      throw error;
    }
    if (message.kind === 'ping') {
      // Answered once everything sent before it is done, positions included: a device (and a test) may rely on that.
      await this.positions.settled();
      this.send(connection, pong(this.clock.now()));
      return;
    }
    // A server's pong and other control messages (t-x-…) are about this link alone: never relayed.
    if (message.kind === 'other' && message.type.startsWith('t-x-')) return;
    const refusal = await this.tak.refusal(connection.device, message);
    if (refusal) {
      log.warn({ uid: message.uid, kind: message.kind, reason: refusal }, 'CoT event refused');
      return;
    }
    // Devices see each other as they would through a TAK Server, whatever Argus makes of the event.
    this.relay(connection, xml);
    if (message.kind === 'sa') {
      this.positions.submit(message, connection.device, log);
      // One device sending positions for ever more uids waits for the writer rather than grow its queue.
      if (this.positions.size > MAX_PENDING_SA) await this.positions.settled();
      return;
    }
    // A chat or alert acts through the contact its device's last position made.
    await this.positions.settled();
    try {
      const landing = await this.land(message, connection.device);
      if (landing) log.debug({ uid: message.uid, kind: message.kind, ...landing }, 'CoT event');
    } catch (error) {
      // A refusal by the service (not the crew's unit, a time far off) is about this event alone.
      log.warn({ err: error, uid: message.uid, kind: message.kind }, 'CoT event not applied');
    }
  }

  private land(message: CotMessage, device: DeviceIdentity | null): Promise<Landing | ItemLanding | VideoLanding | ReportLanding> | null {
    switch (message.kind) {
      case 'sa':
        return this.tak.position(message, device);
      case 'chat':
        return this.tak.chat(message, device);
      case 'emergency':
        return this.tak.emergency(message, device);
      case 'emergency-cancel':
        return this.tak.cancelEmergency(message, device);
      case 'drawing':
        return this.drawings?.drawing(message, device) ?? null;
      case 'video':
        return this.video?.video(message, device) ?? null;
      case 'incident-report':
        return this.reports?.report(message, device) ?? null;
      case 'removal':
        return this.removal(message, device);
      default:
        return null;
    }
  }

  /** TAK's delete task: of a video feed kept as a camera, else of a drawing kept as a zone. */
  private async removal(
    message: Extract<CotMessage, { kind: 'removal' }>,
    device: DeviceIdentity | null,
  ): Promise<ItemLanding | VideoLanding> {
    return (
      (await this.video?.removal(message, device)) ??
      (await this.drawings?.removal(message, device)) ?? { landed: false, reason: 'no items kept' }
    );
  }

  private unitChanged(unit: Unit): void {
    const now = this.clock.now();
    const wasInEmergency = this.emergencies.has(unit.id);
    if (unit.emergency) this.emergencies.set(unit.id, unit);
    else this.emergencies.delete(unit.id);
    if (!this.tak.isBound(unit.id)) {
      const sa = unitSa(unit, now);
      if (sa) this.broadcast(sa);
    }
    if (unit.emergency && !wasInEmergency) {
      const alert = unitEmergency(unit, now);
      if (alert) this.broadcast(alert);
    }
    if (!unit.emergency && wasInEmergency) this.broadcast(unitEmergencyCancel(unit, now));
  }

  private repeatEmergencies(): void {
    if (this.connections.size === 0) return;
    const now = this.clock.now();
    for (const unit of this.emergencies.values()) {
      const alert = unitEmergency(unit, now);
      if (alert) this.broadcast(alert);
    }
  }

  private broadcast(xml: string): void {
    const event = new OutgoingCot(xml);
    for (const connection of this.connections.values()) this.send(connection, event);
  }

  private relay(from: CotConnection, xml: string): void {
    const event = new OutgoingCot(xml);
    for (const connection of this.connections.values()) if (connection !== from) this.send(connection, event);
  }

  private send(connection: CotConnection, xml: string | OutgoingCot): void {
    connection.send(xml);
  }
}
