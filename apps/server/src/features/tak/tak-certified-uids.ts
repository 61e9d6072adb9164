/**
 * The device uids a certificate in force names, read at most every few seconds
 * (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md). Every PLI is checked against them
 * before it is relayed (no one else sends positions for a certified device); one query per PLI
 * waited behind the positions being committed and held a stream to a few hundred events a second.
 * Every event from plain TCP is checked against them too (nothing acts in a certified uid's name
 * there). A certificate issued elsewhere is seen within `maxAgeMs`; until then, as before it
 * existed, a plain-TCP device could still speak as that uid — the trusted-LAN port's rule.
 */
export class CertifiedUids {
  private uids: Set<string> | null = null;
  private loadedAt = 0;
  private loading: Promise<Set<string>> | null = null;

  constructor(
    private readonly load: (now: number) => Promise<string[]>,
    private readonly now: () => number,
    private readonly maxAgeMs = 2_000,
  ) {}

  /**
   * The uids, as a set while the last read is fresh and as a promise when they are read again: a
   * stream's events are checked without waiting a turn of the loop each (the tak-cot bench's
   * profile had a promise per event on this path).
   */
  current(): ReadonlySet<string> | Promise<ReadonlySet<string>> {
    const now = this.now();
    // A clock set back (tests' manual clocks, NTP) reads again rather than trust an age below zero.
    if (this.uids && now - this.loadedAt < this.maxAgeMs && now >= this.loadedAt) return this.uids;
    this.loading ??= this.load(now)
      .then((uids) => {
        this.uids = new Set(uids);
        this.loadedAt = now;
        return this.uids;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
