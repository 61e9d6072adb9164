import CoT from '@tak-ps/node-cot';
import { COT_MAX_EVENT_BYTES, CotFrameTooLarge } from './cot-framing';
import { CotRefused, refuseHostileMarkup } from './cot-reading';

/**
 * TAK Protocol version 1 on a streaming connection (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md):
 * each message is `0xbf`, the payload's length as an unsigned varint, then a TakMessage protobuf.
 * node-cot (protobufjs, with ATAK's own .proto files) encodes and decodes the payload; this file only
 * frames it and guards the edges. The length is checked against the cap before a byte of the payload
 * is kept, so a peer announcing a huge message costs nothing; a bad magic byte or a varint longer than
 * the cap could need ends the stream, as garbage in the XML stream does.
 */

const MAGIC = 0xbf;
/** A varint of more than 10 bytes is not a 64-bit value; ours never need more than 3 (the cap is 64 KiB). */
const MAX_VARINT_BYTES = 10;

export class TakProtocolGarbage extends Error {}

export class TakProtoFramer {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes = COT_MAX_EVENT_BYTES) {}

  /**
   * The whole payloads `chunk` completes; throws CotFrameTooLarge for a length over the cap and
   * TakProtocolGarbage for bytes that are no TAK Protocol frame.
   */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const payloads: Buffer[] = [];
    let start = 0;
    while (start < this.pending.length) {
      if (this.pending[start] !== MAGIC)
        throw new TakProtocolGarbage(`Not a TAK Protocol frame: byte 0x${this.pending[start]!.toString(16)} where 0xbf belongs.`);
      const header = readVarint(this.pending, start + 1);
      if (header === 'unfinished') break;
      if (header === 'bad') throw new TakProtocolGarbage('A TAK Protocol frame whose length is no varint.');
      if (header.value > this.maxBytes) throw new CotFrameTooLarge(header.value);
      const end = header.next + header.value;
      if (end > this.pending.length) break;
      // A copy: the payload outlives this chunk, which may be a slice of a much larger read.
      payloads.push(Buffer.from(this.pending.subarray(header.next, end)));
      start = end;
    }
    this.pending = this.pending.subarray(start);
    return payloads;
  }

  hasUnfinishedEvent(): boolean {
    return this.pending.length > 0;
  }
}

type Varint = { value: number; next: number } | 'unfinished' | 'bad';

/** An unsigned varint at `at`; a value past the cap's few bytes is refused before it is summed. */
function readVarint(bytes: Buffer, at: number): Varint {
  let value = 0;
  for (let index = 0; index < MAX_VARINT_BYTES; index += 1) {
    if (at + index >= bytes.length) return 'unfinished';
    const byte = bytes[at + index]!;
    // Past 2^49 a JavaScript number stops being exact; any such length is over the cap anyway.
    if (index < 7) value += (byte & 0x7f) * 2 ** (7 * index);
    else if ((byte & 0x7f) !== 0) value = Number.MAX_SAFE_INTEGER;
    if ((byte & 0x80) === 0) return { value, next: at + index + 1 };
  }
  return 'bad';
}

/** A payload as a streaming frame: 0xbf, its length, itself. */
export function takFrame(payload: Uint8Array): Buffer {
  const length: number[] = [];
  let rest = payload.length;
  do {
    let byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    length.push(byte);
  } while (rest > 0);
  return Buffer.concat([Buffer.from([MAGIC, ...length]), payload]);
}

/** One CoT XML event as a TAK Protocol v1 frame, as node-cot maps it (contact, track, status, takv typed; the rest in xmlDetail). */
export function xmlToTakFrame(xml: string): Buffer {
  return takFrame(new CoT(xml).to_proto(1));
}

/**
 * A TakMessage payload as the CoT XML the rest of the endpoint reads. The xmlDetail inside is
 * checked for DOCTYPE, entities and deep nesting before node-cot parses it: the payload's bytes are
 * read as Latin-1, where the detail's markup stands as it does in UTF-8.
 */
export function takPayloadToXml(payload: Buffer): string | null {
  refuseHostileMarkup(payload.toString('latin1'));
  let cot: CoT;
  try {
    cot = CoT.from_proto(payload, 1);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A TakMessage with only a TakControl (the versions a peer decodes) carries no event: nothing to do.
    if (message.includes('No cotEvent')) return null;
    throw new CotRefused(`Not a TAK Protocol v1 message: ${message.split('\n')[0]!.slice(0, 200)}`);
  }
  const attributes = cot.raw.event._attributes ?? {};
  // proto3 has no "absent": empty optional attributes are left out, as the device that sent XML would.
  for (const name of ['qos', 'opex', 'access']) if (!attributes[name]) delete attributes[name];
  return cot.to_xml();
}
