import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { isChannel, type Channel } from '@argus/contracts/realtime/protocol';
import type { Clock } from '../lib/clock';
import { PUBLISHED_ID_TTL_MS, type Backplane, type ErrorSink } from './backplane';
import type { OperationalEvent } from './events';
import { eventHead, type ChannelFrame } from './frames';
import { DEFAULT_REPLAY_LIMITS, capacityOf, judgeReplay, seqBase, type KeptFrame, type Replay, type ReplayLimits } from './replay';

/**
 * Channels shared by several server processes through Redis. Per channel, `<prefix>seq:<channel>`
 * is its counter and `<prefix>log:<channel>` a capped list of its newest frames; every frame is
 * also published on `<prefix>frames`, which every process listens to.
 *
 * Numbering, keeping and publishing happen in one Lua script, which Redis runs atomically: two
 * processes publishing at once can never deliver a channel's frames out of seq order, and a
 * frame is in the log before anyone can hear of it.
 *
 * An event carrying an id also sets `<prefix>published:<id>` for an hour (docs/decisions/0053-an-outbox-for-every-event.md):
 * the outbox may hand an event over twice (a node that died before marking it), never numbering it twice.
 *
 * Entries of the log and lines of a published message are `<seq>\t<at>\t<frame>` and
 * `<channel>\t<seq>\t<frame>`; a frame is JSON, which never holds a raw tab or newline.
 */
const PUBLISH = `
local head, at, base, topic = ARGV[1], ARGV[2], ARGV[3], ARGV[7]
local maxShared, maxEntity, maxAge = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
-- An event with an id (an outbox row's) is published once, whichever process hands it over first.
if ARGV[8] ~= '' and not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[8]) then return 0 end
local lines = {}
for i = 9, #ARGV do
  local seqKey, logKey = KEYS[(i - 9) * 2 + 2], KEYS[(i - 9) * 2 + 3]
  redis.call('SET', seqKey, base, 'NX')
  -- %d: Lua would print a 16-digit number in exponent form.
  local seq = string.format('%d', redis.call('INCR', seqKey))
  local frame = head .. ',"channel":"' .. ARGV[i] .. '","seq":' .. seq .. '}'
  redis.call('RPUSH', logKey, seq .. '\\t' .. at .. '\\t' .. frame)
  -- Per-entity channels ("unit:…") are many, so each keeps fewer (see replay.ts).
  local capacity = string.find(ARGV[i], ':', 1, true) and maxEntity or maxShared
  redis.call('LTRIM', logKey, -capacity, -1)
  redis.call('PEXPIRE', logKey, maxAge)
  lines[#lines + 1] = ARGV[i] .. '\\t' .. seq .. '\\t' .. frame
end
redis.call('PUBLISH', topic, table.concat(lines, '\\n'))
return #lines
`;

/**
 * The channel's current seq, then the newest kept entries after `since` (at most its capacity). A
 * channel no one has used starts its numbering here, so a first subscriber's seq is the one the
 * channel's first event follows.
 */
const READ = `
redis.call('SET', KEYS[1], ARGV[3], 'NX')
local current = tonumber(redis.call('GET', KEYS[1]))
local since, capacity = tonumber(ARGV[1]), tonumber(ARGV[2])
local out = { string.format('%d', current) }
if since < 0 or since >= current then return out end
local items = redis.call('LRANGE', KEYS[2], -math.min(current - since, capacity), -1)
for i = 1, #items do out[#out + 1] = items[i] end
return out
`;

interface Script {
  lua: string;
  sha: string;
}
const script = (lua: string): Script => ({ lua, sha: createHash('sha1').update(lua).digest('hex') });
const PUBLISH_SCRIPT = script(PUBLISH);
const READ_SCRIPT = script(READ);

export interface RedisBackplaneOptions {
  url: string;
  /** Prefixes every key and the pub/sub topic, so deployments (and test runs) sharing a Redis never meet. */
  keyPrefix: string;
  clock: Clock;
  origin: string;
  limits?: ReplayLimits;
}

export class RedisBackplane implements Backplane {
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly limits: ReplayLimits;
  private readonly topic: string;
  private frameListener: (frames: ChannelFrame[]) => void = () => undefined;
  private gapListener: () => void = () => undefined;
  private subscribedOnce = false;
  private onError: ErrorSink = (error, context) => console.error(context, error);

  constructor(private readonly options: RedisBackplaneOptions) {
    this.limits = options.limits ?? DEFAULT_REPLAY_LIMITS;
    this.topic = `${options.keyPrefix}frames`;
    this.commands = new Redis(options.url, { lazyConnect: true });
    this.subscriber = new Redis(options.url, { lazyConnect: true });
    this.commands.on('error', (error) => this.onError(error, 'redis commands'));
    this.subscriber.on('error', (error) => this.onError(error, 'redis subscriber'));
    this.subscriber.on('message', (_topic: string, message: string) => this.frameListener(parseMessage(message)));
    // ioredis subscribes again after a reconnect; whatever was published meanwhile was not heard.
    this.subscriber.on('ready', () => {
      if (this.subscribedOnce) this.gapListener();
    });
  }

  async publish(event: OperationalEvent): Promise<void> {
    const channels = [...new Set(event.channels)];
    if (channels.length === 0) return;
    const at = this.options.clock.now();
    const keys = [
      `${this.options.keyPrefix}published:${event.id ?? ''}`,
      ...channels.flatMap((channel) => [this.seqKey(channel), this.logKey(channel)]),
    ];
    const { maxEvents, maxEntityEvents, maxAgeMs } = this.limits;
    const args = [
      eventHead(event, at, this.options.origin),
      at,
      seqBase(at),
      maxEvents,
      maxEntityEvents,
      maxAgeMs,
      this.topic,
      event.id === undefined ? '' : PUBLISHED_ID_TTL_MS,
      ...channels,
    ];
    await this.run(PUBLISH_SCRIPT, keys, args);
  }

  async read(channel: Channel, since: number | undefined): Promise<Replay> {
    const reply = (await this.run(
      READ_SCRIPT,
      [this.seqKey(channel), this.logKey(channel)],
      [since ?? -1, capacityOf(channel, this.limits), seqBase(this.options.clock.now())],
    )) as string[];
    const current = Number(reply[0]);
    const kept = reply.slice(1).map((entry) => parseEntry(channel, entry));
    return judgeReplay(current, since, kept, this.options.clock.now(), this.limits);
  }

  onFrames(listener: (frames: ChannelFrame[]) => void): void {
    this.frameListener = listener;
  }

  onGap(listener: () => void): void {
    this.gapListener = listener;
  }

  async start(onError: ErrorSink): Promise<void> {
    this.onError = onError;
    try {
      await Promise.all([this.commands.connect(), this.subscriber.connect()]);
    } catch (error) {
      this.commands.disconnect();
      this.subscriber.disconnect();
      // A server configured to share channels must not come up alone; the URL may hold a password.
      const { host } = new URL(this.options.url);
      throw new Error(`Redis did not answer at ${host} (REDIS_URL): realtime channels cannot be shared.`, { cause: error });
    }
    await this.subscriber.subscribe(this.topic);
    this.subscribedOnce = true;
  }

  async close(): Promise<void> {
    await Promise.all([this.commands.quit(), this.subscriber.quit()].map((done) => done.catch(() => undefined)));
  }

  private seqKey(channel: Channel): string {
    return `${this.options.keyPrefix}seq:${channel}`;
  }

  private logKey(channel: Channel): string {
    return `${this.options.keyPrefix}log:${channel}`;
  }

  /** EVALSHA, loading the script when this Redis has not seen it (first use, or after a restart). */
  private async run(script: Script, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await this.commands.evalsha(script.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.commands.eval(script.lua, keys.length, ...keys, ...args);
    }
  }
}

function parseEntry(channel: Channel, entry: string): KeptFrame {
  const first = entry.indexOf('\t');
  const second = entry.indexOf('\t', first + 1);
  return {
    frame: { channel, seq: Number(entry.slice(0, first)), text: entry.slice(second + 1) },
    at: Number(entry.slice(first + 1, second)),
  };
}

function parseMessage(message: string): ChannelFrame[] {
  const frames: ChannelFrame[] = [];
  for (const line of message.split('\n')) {
    const first = line.indexOf('\t');
    const second = line.indexOf('\t', first + 1);
    const channel = line.slice(0, first);
    if (isChannel(channel)) frames.push({ channel, seq: Number(line.slice(first + 1, second)), text: line.slice(second + 1) });
  }
  return frames;
}
