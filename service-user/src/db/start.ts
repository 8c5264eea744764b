import { DatabaseUnavailableError, isUnavailable, openDatabase, type Database, type DatabaseLog, type PostgresOptions } from './database';
import { migrate } from './migrations';

const FIRST_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 10_000;

/** Doubling waits between start attempts, capped: a database restarting gets time to come back. */
export const startRetryDelayMs = (attempt: number) => Math.min(FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Opens the database and runs the migrations, retrying while the database cannot be reached:
 * one log line per failed attempt, then a clear final error after `attempts`. Other failures
 * (a data folder in use, a migration that fails) are not retried.
 */
export async function openMigratedDatabase({
  attempts,
  log,
  wait = sleep,
  ...open
}: { databaseUrl?: string; dataDir?: string; attempts: number; log: DatabaseLog; wait?: (ms: number) => Promise<void> } & PostgresOptions): Promise<Database> {
  for (let attempt = 1; ; attempt += 1) {
    let db: Database | undefined;
    try {
      db = await openDatabase({ ...open, log });
      await migrate(db);
      if (attempt > 1) log.info({ attempt }, `database reachable at attempt ${attempt}`);
      return db;
    } catch (error) {
      await db?.close().catch(() => undefined);
      if (!isUnavailable(error)) throw error;
      const reason = (error as Error).message;
      const retryInMs = attempt < attempts ? startRetryDelayMs(attempt) : undefined;
      log.warn(
        { attempt, attempts, retryInMs, reason },
        `database not reachable at start (attempt ${attempt} of ${attempts}): ${reason}` + (retryInMs === undefined ? '; giving up' : `; retrying in ${retryInMs} ms`),
      );
      if (retryInMs === undefined) {
        throw new DatabaseUnavailableError(`the database could not be reached in ${attempts} attempts (last: ${reason})`, { cause: error });
      }
      await wait(retryInMs);
    }
  }
}
