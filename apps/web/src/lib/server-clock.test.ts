import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_TIME_HEADER } from '@argus/contracts/http/device-time';

const answer = (serverTime: number) => new Headers({ [SERVER_TIME_HEADER]: String(serverTime) });

describe('server clock offset', () => {
  let clock: typeof import('./server-clock');
  beforeEach(async () => {
    vi.resetModules();
    clock = await import('./server-clock');
  });

  it('leaves device times alone until an answer has been seen', () => {
    expect(clock.toServerTime(1_000)).toBe(1_000);
    clock.observeServerTime(1_000, 1_100, new Headers());
    expect(clock.toServerTime(1_000)).toBe(1_000);
  });

  it('corrects by the midpoint of the shortest round trip seen', () => {
    // The server is 5 s ahead; this answer took 400 ms.
    clock.observeServerTime(10_000, 10_400, answer(15_200));
    expect(clock.toServerTime(20_000)).toBe(25_000);
    // A slower answer (2 s) is less certain and does not replace it.
    clock.observeServerTime(11_000, 13_000, answer(17_500));
    expect(clock.toServerTime(20_000)).toBe(25_000);
    // A quicker one (100 ms) does.
    clock.observeServerTime(12_000, 12_100, answer(17_000));
    expect(clock.toServerTime(20_000)).toBe(24_950);
  });

  it('gives way to any new sample once the best is ten minutes old, since the device clock may have been set', () => {
    clock.observeServerTime(0, 50, answer(1_025));
    clock.observeServerTime(11 * 60_000, 11 * 60_000 + 3_000, answer(11 * 60_000 - 500));
    expect(clock.toServerTime(0)).toBe(-2_000);
  });

  it('ignores answers without a readable server time', () => {
    clock.observeServerTime(0, 10, answer(5_005));
    clock.observeServerTime(0, 1, new Headers({ [SERVER_TIME_HEADER]: 'soon' }));
    expect(clock.toServerTime(0)).toBe(5_000);
  });
});
