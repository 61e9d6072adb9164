import { afterAll, describe, expect, it, vi } from 'vitest';
import { JanusInstance } from '../src/media/janus/janus-instance';
import { freePort } from './free-port';
import { hasJanus, startJanus, type JanusProcess } from './janus-process';

/**
 * One Janus instance's connection (docs/decisions/0076-janus-behind-the-media-server-interface.md):
 * an unreachable Janus fails a caller at once rather than after janode's minute of retries, and
 * the instance comes back by itself, without a caller, once Janus listens again.
 */
if (!hasJanus) {
  if (process.env.CI) throw new Error('janus is required in CI');
  console.warn('janus is missing: the Janus instance tests are SKIPPED on this machine.');
}

describe.skipIf(!hasJanus)('a Janus instance', () => {
  let janus: JanusProcess | undefined;
  let instance: JanusInstance | undefined;

  afterAll(async () => {
    await instance?.close();
    await janus?.stop();
  });

  it('fails callers while Janus is unreachable, and reconnects in the background when it returns', async () => {
    const port = await freePort();
    let connections = 0;
    let losses = 0;
    instance = new JanusInstance(
      `ws://127.0.0.1:${port}`,
      () => (losses += 1),
      () => (connections += 1),
    );
    // With janode's defaults this waited about a minute (five retries 10 s apart); nothing reconnected after.
    await expect(instance.connected()).rejects.toMatchObject({ code: 'media_unavailable' });

    janus = await startJanus({ port });
    await vi.waitFor(() => expect(connections).toBe(1), { timeout: 30_000, interval: 200 });

    await janus.stop();
    await vi.waitFor(() => expect(losses).toBe(1), { timeout: 30_000, interval: 200 });
    janus = await startJanus({ port });
    await vi.waitFor(() => expect(connections).toBe(2), { timeout: 30_000, interval: 200 });
    await instance.attach().then((handle) => handle.detach());
  }, 180_000);
});
