import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { MediaServer } from '../../media/media-server';
import type { StreamNodes } from './stream-nodes';
import type { StreamsRepository } from './streams.repository';
import type { StreamTokens } from './stream-tokens';
import { StreamsService } from './streams.service';

describe('closing the stream service (docs/decisions/0076-janus-behind-the-media-server-interface.md)', () => {
  it('stops the media server even when the database cannot take this process’s sessions ending', async () => {
    const media = { on: () => () => undefined, stop: vi.fn(async () => undefined) } as unknown as MediaServer;
    const nodes = { id: 'node-1', stop: async () => Promise.reject(new Error('database unreachable')) } as unknown as StreamNodes;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const service = new StreamsService(
      {} as StreamsRepository,
      media,
      {} as StreamTokens,
      async () => new Set(),
      async () => [],
      new ManualClock(),
      1500,
      { publish: () => undefined } as never,
      null,
      nodes,
    );
    await service.close();
    expect(media.stop).toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('sessions'), new Error('database unreachable'));
    logged.mockRestore();
  });
});
