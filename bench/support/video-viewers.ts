import { createViewer, type TestViewer } from '../../apps/server/src/media/werift-client';

/**
 * werift viewers in their own process for the video benchmark, so their decryption does not
 * count against the SFU. The parent relays SDP: it sends `offer` requests and `answer`s, or, for
 * a media server that offers (Janus), its offers to answer and then `settle`.
 */
type Command =
  | { type: 'offers'; count: number }
  | { type: 'answers'; sdps: string[] }
  | { type: 'answerOffers'; sdps: string[] }
  | { type: 'settle' }
  | { type: 'packets' }
  | { type: 'close' };

const viewers: TestViewer[] = [];
let pending: TestViewer[] = [];

process.on('message', async (command: Command) => {
  switch (command.type) {
    case 'offers': {
      pending = Array.from({ length: command.count }, () => createViewer(['VP8']));
      const sdps = await Promise.all(pending.map((viewer) => viewer.offer()));
      process.send?.({ type: 'offers', sdps });
      break;
    }
    case 'answerOffers': {
      pending = command.sdps.map(() => createViewer(['VP8'], { serverOffers: true }));
      const sdps = await Promise.all(pending.map((viewer, index) => viewer.answer(command.sdps[index]!)));
      process.send?.({ type: 'answered', sdps });
      break;
    }
    case 'answers':
      await Promise.all(pending.map((viewer, index) => viewer.accept(command.sdps[index]!)));
    // falls through: the viewers have their answers; wait for them to connect.
    case 'settle': {
      await Promise.all(pending.map((viewer) => viewer.connected(30_000).catch(() => undefined)));
      viewers.push(...pending);
      pending = [];
      process.send?.({
        type: 'connected',
        total: viewers.length,
        connected: viewers.filter((viewer) => viewer.pc.connectionState === 'connected').length,
      });
      break;
    }
    case 'packets':
      process.send?.({ type: 'packets', counts: viewers.map((viewer) => viewer.packets) });
      break;
    case 'close':
      await Promise.all(viewers.map((viewer) => viewer.close().catch(() => undefined)));
      process.exit(0);
  }
});
process.send?.({ type: 'ready' });
