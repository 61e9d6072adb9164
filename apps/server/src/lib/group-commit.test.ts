import { describe, expect, it } from 'vitest';
import { GroupCommit, type Outcome } from './group-commit';

describe('group commit', () => {
  it('commits a lone job at once, and batches the jobs that arrive while a commit runs', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const group = new GroupCommit<number, number>(async (jobs) => {
      batches.push(jobs);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return jobs.map((job): Outcome<number> => ({ ok: true, value: job * 10 }));
    });
    const first = group.submit(1);
    await Promise.resolve();
    const waiting = [group.submit(2), group.submit(3), group.submit(4)];
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(waiting)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the jobs that failed, or the whole batch when its commit fails', async () => {
    let fail = false;
    const group = new GroupCommit<number, number>(async (jobs) => {
      if (fail) throw new Error('disk full');
      return jobs.map((job): Outcome<number> => (job < 0 ? { ok: false, error: new Error(`bad ${job}`) } : { ok: true, value: job }));
    });
    const results = await Promise.allSettled([group.submit(1), group.submit(-2), group.submit(3)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    fail = true;
    await expect(group.submit(5)).rejects.toThrow('disk full');
    fail = false;
    expect(await group.submit(6)).toBe(6);
  });

  it('keeps batches to their largest size', async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>(async (jobs) => {
      sizes.push(jobs.length);
      return jobs.map((job): Outcome<number> => ({ ok: true, value: job }));
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((job) => group.submit(job)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5);
  });
});
