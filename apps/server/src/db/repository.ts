import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** What a repository query runs on: the database, or a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The base of repositories whose services group several writes in one transaction: the service
 * opens it here and passes it back to each write, so only repositories touch the database.
 */
export abstract class TransactionalRepository {
  constructor(protected readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, committed when it resolves and rolled back when it throws. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
