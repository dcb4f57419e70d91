/**
 * Copies the write-ahead log into the database file off the event loop.
 *
 * SQLite checkpoints the log at a COMMIT once it holds 1,000 pages: that one
 * COMMIT then copies them all into the file and syncs it, a few thousand
 * system calls that stop every request in flight for tens of milliseconds
 * (a quarter of a write's cost, amortized, and the slowest writes). Here a
 * worker thread with its own connection looks at the log's length every
 * `intervalMs` (the WAL index header's last frame, one pread) and, once it
 * holds `pages`, runs a PASSIVE checkpoint: it waits for no reader or writer
 * and none waits for it, so the requests' thread never copies the log. Not
 * sooner: the first write after a complete checkpoint starts the log over,
 * which syncs its header (2 ms) and empties every other connection's page
 * cache, so checkpointing after every quiet write made each one pay that.
 * The connections of the service checkpoint only past
 * `FALLBACK_CHECKPOINT_PAGES`, should the worker stop.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/** Pages in the log past which a commit checkpoints itself (SQLite's default is 1,000). */
export const FALLBACK_CHECKPOINT_PAGES = 20_000;

// A CommonJS worker given as source, so the bundled service needs no file of its own for it.
const workerSource = `
const { workerData } = require('node:worker_threads');
const { openSync, readSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const index = openSync(workerData.file + '-shm', 'r');
const header = Buffer.alloc(48);
const littleEndian = require('node:os').endianness() === 'LE';
setInterval(() => {
  try {
    // The header's last valid frame (bytes 16-19, in the machine's byte order): the log's length in pages.
    const read = readSync(index, header, 0, 48, 0) === 48;
    if (read && (littleEndian ? header.readUInt32LE(16) : header.readUInt32BE(16)) < workerData.pages) return;
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or gone: the next tick tries again; the service's own fallback bounds the log meanwhile.
  }
}, workerData.intervalMs);
`;

export function startWalCheckpointer(file: string, pages = 1000, intervalMs = 100): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(workerSource, { eval: true, workerData: { file, driver, pages, intervalMs } });
  // A checkpointer that stops leaves the fallback on; the service goes on, and says so once.
  worker.once('error', (error) => {
    process.emitWarning(`the WAL checkpointer stopped (${String(error)}); commits copy the log past 20,000 pages`);
  });
  worker.unref();
  return {
    stop: async () => {
      await worker.terminate();
    },
  };
}
