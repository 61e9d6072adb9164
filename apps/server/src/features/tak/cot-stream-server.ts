import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../realtime/events';
import type { UnitsRepository } from '../units/units.repository';
import { CotConnection } from './cot-connection';
import { DEFAULT_COT_LIMITS, type CotLimits } from './cot-limits';
import { CotRefused, readCot, type CotMessage } from './cot-reading';
import { pong } from './cot-writing';
import { TakAlertPicture, type AlertSources } from './tak-alert-picture';
import type { DeviceIdentity } from './tak-certificates.service';
import { TakChat, type ChatSources } from './tak-chat';
import { landItem, type DeviceItemLanding, type DeviceItems } from './tak-device-items';
import { relayAfterLanding, relayFilter, seesPlacedBy } from './tak-relay';
import { TakPicture, type PictureSources } from './tak-picture';
import { LatestSaWriter, MAX_PENDING_SA } from './tak-latest-sa-writer';
import { OutgoingCot } from './tak-protocol-negotiation';
import { TakUnitPicture } from './tak-unit-picture';
import { TakVideoPicture, type VideoSources } from './tak-video-picture';
import type { Landing, TakService } from './tak.service';

/**
 * The streaming CoT endpoint: XML events over a plain TCP socket. Every device's valid events are
 * relayed to the other devices that may see them, as a TAK Server does, and mapped into Argus by
 * the TAK service (devices' drawings, feeds and incident markers by tak-device-items.ts); Argus's
 * units, emergencies, incidents, zones, alerts and chats go out to each device as its user may see
 * them. Each connection is read on its own (cot-connection.ts): bad input drops that connection
 * alone, after a log line, and nothing it sent changes anything.
 *
 * `attach` also serves the TLS port (docs/decisions/0062-tak-tls-enrolment-and-revocation.md): a
 * `tls.TLSSocket` whose client certificate was checked comes with the device's identity, and its
 * events act as the certificate's user, for its unit, in its own uid only.
 */
export class CotStreamServer {
  private readonly connections = new Map<number, CotConnection>();
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
  /** Argus's units and their emergencies on each device, as its user may see them. */
  private readonly unitPicture: TakUnitPicture;
  /** GeoChat both ways (docs/decisions/0067-tak-geochat-filtering-and-alerts.md). */
  private readonly chat: TakChat;
  /** Argus's alerts on each device, as its user may see them. */
  private readonly alerts: TakAlertPicture;
  /** Argus's live video rooms on each certified device, with playback links (decision 0073). */
  private readonly video: TakVideoPicture | null;
  /** Drawings, video feeds and incident markers devices send (docs/decisions/0068-tak-items-from-devices.md). */
  private items: DeviceItems | null = null;

  constructor(
    private readonly tak: TakService,
    private readonly events: EventBus,
    units: UnitsRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    sources: PictureSources & ChatSources & AlertSources & { video?: VideoSources },
    private readonly limits: CotLimits = DEFAULT_COT_LIMITS,
  ) {
    this.positions = new LatestSaWriter({
      saveAll: (sas) => this.tak.savePositions(sas),
      saveOne: (sa, device) => this.tak.position(sa, device),
    });
    const send = (connectionId: number, xml: string) => this.sendTo(connectionId, xml);
    const drawnOnTak = (zoneId: string) => this.items?.drawings.drewZone(zoneId) ?? false;
    this.picture = new TakPicture({ ...sources, drawnOnTak }, clock, send);
    this.unitPicture = new TakUnitPicture(tak, units, this.picture, clock, (xml, sees) => this.broadcast(xml, sees));
    this.chat = new TakChat(tak, sources, clock, send);
    this.alerts = new TakAlertPicture(sources, this.picture, clock, send);
    this.video = sources.video ? new TakVideoPicture(sources.video, clock, send) : null;
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
    // Positions already relayed are written before the database closes.
    await this.positions.settled();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Serves one connected device: what it should see first, then its stream. A `takServer` link
   * carries many devices and acts as none of them (tak-gateway.ts dials one; decision 0074 accepts
   * another Argus's): its certificate, when it has one, still decides what it may see.
   */
  attach(
    socket: net.Socket,
    peer: string,
    device: DeviceIdentity | null = null,
    options: { takServer?: boolean; dialled?: boolean } = {},
  ): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    const id = this.nextId++;
    const log = this.log.child({ cotConnection: id, peer, ...(device && { certificate: device.certificateId }) });
    const acting = options.takServer ? null : device;
    const connection = new CotConnection(id, peer, socket, device, acting, log, this.limits, () => this.clock.now());
    this.connections.set(connection.id, connection);
    this.chat.join(connection.id, acting, options);
    log.info(device ? { deviceUid: device.deviceUid, unitId: device.unitId } : {}, 'TAK device connected');
    socket.setNoDelay(true);
    socket.setTimeout(this.limits.idleTimeoutMs);
    socket.on('timeout', () => connection.drop('idle timeout'));
    socket.on('error', (error) => log.info({ err: error.message }, 'TAK connection error'));
    socket.on('close', () => {
      this.connections.delete(connection.id);
      this.picture.leave(connection.id);
      this.chat.leave(connection.id);
      this.alerts.leave(connection.id);
      this.video?.leave(connection.id);
      log.info('TAK device disconnected');
    });
    socket.on('data', (chunk: Buffer) => connection.receive(chunk, (event) => this.handle(connection, event, log)));
    // A stream Argus opened to a TAK Server (tak-gateway.ts) is the server's to offer on, not Argus's.
    if (!options.dialled) connection.send(connection.stream.offer());
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
        case 'message.read':
          return later(`the read receipts of ${event.data.readerId}`, () => this.chat.threadRead(event.data));
        case 'alert.created':
        case 'alert.updated':
          return later(`a change of alert ${event.data.id}`, () => this.alerts.alertChanged(event.data));
        case 'stream.created':
        case 'stream.updated':
        case 'stream.closed':
          return later(`a change of video room ${event.data.room.id}`, () => this.video?.roomChanged(event.data.room));
        case 'dispatch.created':
        case 'dispatch.updated':
          return later(`the assignments of unit ${event.data.unitId}`, () => this.picture.assignmentsChanged(event.data.unitId));
        default:
          return;
      }
    });
    this.repeat = setInterval(() => {
      if (this.connections.size === 0) return;
      this.unitPicture.repeatEmergencies();
      this.video?.renewLinks().catch((error: unknown) => this.log.error({ err: error }, 'could not renew TAK devices’ playback links'));
    }, this.limits.emergencyRepeatMs);
    this.repeat.unref();
  }

  /**
   * What the device may see (docs/decisions/0067-tak-geochat-filtering-and-alerts.md): the latest
   * SA of the contacts, the units' positions and the active emergencies, then the incidents,
   * zones and alerts.
   */
  private async greet(connection: CotConnection, log: FastifyBaseLogger): Promise<void> {
    try {
      await this.picture.admit(connection.id, connection.device);
      const events = [
        ...(await this.tak.latestSa()).filter((sa) => this.picture.seesContact(connection.id, sa.unitId)).map((sa) => sa.xml),
        ...(await this.unitPicture.greeting(connection.id)),
        // Devices' drawings are relayed to every device (tak-relay.ts), so every device is replayed them.
        ...((await this.items?.drawings.latestEvents()) ?? []),
        // Devices' points, as far as their placers may be seen (tak-relay.ts).
        ...((await this.items?.points.latestEvents()) ?? [])
          .filter((point) => seesPlacedBy(this.picture, this.tak, connection.id, point.placer))
          .map((point) => point.xml),
      ];
      for (const xml of events) if (xml) connection.send(xml);
      await this.items?.drawings.load();
      // A device gone while the rest was read is not joined: nothing would ever forget its picture.
      if (!this.connections.has(connection.id)) return this.picture.leave(connection.id);
      await this.picture.join(connection.id);
      if (this.connections.has(connection.id)) await this.alerts.join(connection.id);
      if (this.connections.has(connection.id)) await this.video?.join(connection.id, connection.acting);
    } catch (error) {
      log.error({ err: error }, 'could not send the current picture to a TAK device');
    }
  }

  /**
   * One event from a device. A position is read, checked, relayed and handed to the writer without
   * waiting (unless the certified uids are due to be read again); what waits for a write — a ping's
   * pong, a chat, an alert, an item — returns the promise the connection then waits for.
   */
  private handle(connection: CotConnection, event: OutgoingCot, log: FastifyBaseLogger): void | Promise<void> {
    let message: CotMessage;
    try {
      message = readCot(event.xml);
    } catch (error) {
      if (error instanceof CotRefused) return connection.drop(error.message);
      throw error;
    }
    if (message.kind === 'ping') {
      // Answered once everything sent before it is done, positions included: a device (and a test) may rely on that.
      return this.positions.settled().then(() => connection.send(pong(this.clock.now())));
    }
    // A server's pong and other control messages (t-x-…) are about this link alone: never relayed.
    if (message.kind === 'other' && message.type.startsWith('t-x-')) return;
    const refusal = this.tak.refusal(connection.acting, message);
    if (refusal instanceof Promise) return refusal.then((reason) => this.act(connection, message, event, reason, log));
    return this.act(connection, message, event, refusal, log);
  }

  private act(
    connection: CotConnection,
    message: CotMessage,
    event: OutgoingCot,
    refusal: string | null,
    log: FastifyBaseLogger,
  ): void | Promise<void> {
    if (refusal) {
      log.warn({ uid: message.uid, kind: message.kind, reason: refusal }, 'CoT event refused');
      return;
    }
    // A plain-TCP device is known by the uid it first speaks as (a certified one by its certificate).
    if (message.kind === 'sa' || message.kind === 'chat')
      this.chat.heard(connection.id, message.kind === 'chat' ? message.senderUid : message.uid);
    // Devices see each other as they would through a TAK Server, each what its user may see; chats
    // and receipts go where the chat mapping says. A link carrying many devices places as they say.
    const sees = relayFilter(this.picture, this.tak, message, { device: connection.acting, speaksAs: this.chat.speaksAs(connection.id) });
    // A marker or delete task may change a kept point only as tak-points.service.ts allows: relayed once Argus knows.
    const landsFirst = this.items !== null && (message.kind === 'marker' || message.kind === 'removal');
    if (message.kind !== 'chat' && message.kind !== 'chat-receipt' && !landsFirst) this.relay(connection, event, sees);
    if (message.kind === 'sa') {
      this.positions.submit(message, connection.acting, log);
      // One device sending positions for ever more uids waits for the writer rather than grow its queue.
      if (this.positions.size > MAX_PENDING_SA) return this.positions.settled();
      return;
    }
    return this.landAfterPositions(connection, message, event, landsFirst, sees, log);
  }

  /** A chat, alert or item, once the positions before it are written: it acts through the contact its device's last position made. */
  private async landAfterPositions(
    connection: CotConnection,
    message: CotMessage,
    event: OutgoingCot,
    landsFirst: boolean,
    sees: (connectionId: number) => boolean,
    log: FastifyBaseLogger,
  ): Promise<void> {
    await this.positions.settled();
    try {
      if (message.kind === 'chat' || message.kind === 'chat-receipt') {
        // To their room's members, and into Argus.
        const { landing, relayTo } =
          message.kind === 'chat' ? await this.chat.incoming(connection.id, message) : await this.chat.receipt(connection.id, message);
        for (const id of relayTo) this.sendTo(id, event);
        log.debug({ uid: message.uid, kind: message.kind, ...landing }, 'CoT event');
        return;
      }
      const landing = await this.land(connection, message);
      if (landsFirst) {
        const relayTo = relayAfterLanding(this.picture, this.tak, landing, sees);
        if (relayTo) this.relay(connection, event, relayTo);
      }
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

  private land(connection: CotConnection, message: CotMessage): Promise<Landing | DeviceItemLanding> | null {
    const device = connection.acting;
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
    const event = new OutgoingCot(xml);
    for (const connection of this.connections.values()) if (sees(connection.id)) connection.send(event);
  }

  private relay(from: CotConnection, event: OutgoingCot, sees: (connectionId: number) => boolean): void {
    for (const connection of this.connections.values()) if (connection !== from && sees(connection.id)) connection.send(event);
  }

  private sendTo(connectionId: number, xml: string | OutgoingCot): void {
    const connection = this.connections.get(connectionId);
    if (connection) connection.send(xml);
  }
}
