import { randomUUID } from 'node:crypto';
import CoT from '@tak-ps/node-cot';
import { COT_MAX_EVENT_BYTES, CotFramer, type ByteRange } from './cot-framing';
import { TakProtoFramer, takPayloadToXml, xmlToTakFrame } from './cot-protobuf';
import { CotRefused, refuseHostileMarkup } from './cot-reading';
import { eventAttributes, point } from './cot-writing';

/**
 * One streaming connection's encoding (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md).
 * Every connection starts in XML. As TAK Server does, Argus offers TAK Protocol version 1
 * (`t-x-takp-v`); a device that asks for it (`t-x-takp-q`) is answered (`t-x-takp-r`) and from the
 * next byte both directions are `0xbf` frames. The switch happens while the bytes are framed, not
 * when the request's turn in the event queue comes, so the frames that follow the request in the
 * same read are already read as protobuf. Negotiation messages are the stream's own: they are not
 * handed on as events, nor relayed.
 */

export type TakEncoding = 'xml' | 'protobuf';

/** The TAK Protocol versions Argus speaks besides XML. */
const SUPPORTED_VERSION = 1;
/** How long the negotiation messages stay fresh: they are answered at once or not at all. */
const CONTROL_STALE_MS = 60_000;

const NEGOTIATION = /\btype\s*=\s*["']t-x-takp-[vqr]["']/;
/**
 * What every negotiation message holds, searched for before either expression. A search runs from
 * each place its first character occurs, and `t` is in nearly every attribute of a PLI while `x`
 * is rare: in the tak-cot bench `x-takp` was found absent in a tenth of the time `t-x-takp-` was.
 */
const NAMES_NEGOTIATION = 'x-takp';
const REQUEST = /\btype\s*=\s*["']t-x-takp-q["']/;

/**
 * An event Argus sends, encoded at most once per encoding however many connections it goes to. A
 * device's event read from XML carries where the bytes it came as lie, which are relayed as they
 * are when they are exactly its text's UTF-8: the relay writes what was read, neither encoded
 * again for each device nor copied (pending-writes.ts joins consecutive places into one write).
 */
export class OutgoingCot {
  private frame: Buffer | null = null;

  constructor(
    readonly xml: string,
    private readonly bytes: ByteRange | null = null,
  ) {}

  in(encoding: TakEncoding): string | Buffer | ByteRange {
    if (encoding === 'xml') return this.bytes ?? this.xml;
    this.frame ??= xmlToTakFrame(this.xml);
    return this.frame;
  }
}

export class TakStream {
  encoding: TakEncoding = 'xml';
  /** The uid of the server's offer; the request and the answer reuse it. */
  private readonly offerUid = `argus-takp-${randomUUID()}`;
  private readonly xml: CotFramer;
  private proto: TakProtoFramer | null = null;

  constructor(
    private readonly now: () => number,
    private readonly maxBytes = COT_MAX_EVENT_BYTES,
  ) {
    this.xml = new CotFramer(maxBytes);
  }

  /** The offer a server sends once, first, on every connection. */
  offer(): string {
    return control(this.offerUid, 't-x-takp-v', this.now(), {
      TakProtocolSupport: { _attributes: { version: String(SUPPORTED_VERSION) } },
    });
  }

  /**
   * The events (as CoT XML) that `chunk` completes. A request to switch is answered through `reply`
   * before anything else is sent; throws CotFrameTooLarge, TakProtocolGarbage or CotRefused for
   * input that ends the connection.
   */
  push(chunk: Buffer, reply: (answer: string) => void): OutgoingCot[] {
    if (this.proto) return this.decode(this.proto.push(chunk));
    const events: OutgoingCot[] = [];
    // One plain search per event: the framer's check for a request notes whether any event of the
    // chunk names negotiation at all, nearly never, and only then is each event matched.
    let named = false;
    const frames = this.xml.push(chunk, (text) => {
      if (!text.includes(NAMES_NEGOTIATION)) return false;
      named = true;
      return REQUEST.test(text);
    });
    for (const frame of frames) {
      const event = frame.xml;
      if (!named || !NEGOTIATION.test(event)) {
        // Bytes that were not valid UTF-8 were read as U+FFFD: those events go out as their text says.
        events.push(new OutgoingCot(event, event.includes('\uFFFD') ? null : frame));
        continue;
      }
      if (!REQUEST.test(event)) continue;
      const version = requestedVersion(event);
      reply(
        control(this.offerUid, 't-x-takp-r', this.now(), {
          TakResponse: { _attributes: { status: String(version === SUPPORTED_VERSION) } },
        }),
      );
      if (version !== SUPPORTED_VERSION) continue;
      this.encoding = 'protobuf';
      this.proto = new TakProtoFramer(this.maxBytes);
      return [...events, ...this.decode(this.proto.push(this.xml.takeRest()))];
    }
    return events;
  }

  /** What to write for `event` on this connection. */
  encode(event: OutgoingCot): string | Buffer | ByteRange {
    return event.in(this.encoding);
  }

  hasUnfinishedEvent(): boolean {
    return this.proto ? this.proto.hasUnfinishedEvent() : this.xml.hasUnfinishedEvent();
  }

  private decode(payloads: Buffer[]): OutgoingCot[] {
    const events: OutgoingCot[] = [];
    for (const payload of payloads) {
      const xml = takPayloadToXml(payload);
      if (xml !== null && !(xml.includes(NAMES_NEGOTIATION) && NEGOTIATION.test(xml))) events.push(new OutgoingCot(xml));
    }
    return events;
  }
}

/** The version a `t-x-takp-q` asks for; NaN when it names none. */
function requestedVersion(xml: string): number {
  refuseHostileMarkup(xml);
  let detail: Record<string, unknown>;
  try {
    detail = (new CoT(xml).raw.event.detail ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new CotRefused(`An unreadable TAK Protocol request: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const control = detail.TakControl as { TakRequest?: { _attributes?: { version?: string } } } | undefined;
  return Number(control?.TakRequest?._attributes?.version);
}

/** A negotiation message, as TAK Server writes them (a point at 0,0). */
export function control(uid: string, type: string, now: number, takControl: Record<string, unknown>): string {
  return new CoT({
    event: {
      _attributes: eventAttributes(uid, type, now, CONTROL_STALE_MS),
      point: point(0, 0),
      detail: { TakControl: takControl },
    },
  }).to_xml();
}
