export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

interface Waiting<Job, Result> {
  job: Job;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: jobs that arrive while a transaction is committing wait, and the next
 * transaction takes them all, so a durable commit (an fsync on SQLite) is paid per batch rather
 * than per job. Under light load each job commits alone and at once; there is no timer.
 * `commit` answers one outcome per job, in order; if it throws, every job of the batch fails.
 */
export class GroupCommit<Job, Result> {
  private readonly queue: Waiting<Job, Result>[] = [];
  private draining = false;

  constructor(
    private readonly commit: (jobs: Job[]) => Promise<Outcome<Result>[]>,
    private readonly maxBatch = 256,
  ) {}

  submit(job: Job): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const outcomes = await this.commit(batch.map((waiting) => waiting.job));
          batch.forEach((waiting, index) => {
            const outcome = outcomes[index];
            if (outcome?.ok) waiting.resolve(outcome.value);
            else waiting.reject(outcome ? outcome.error : new Error('The batch answered fewer outcomes than jobs.'));
          });
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
