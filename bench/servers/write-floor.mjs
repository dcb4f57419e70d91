// The write floor of adding a comment: what one INSERT of a comment's row,
// committed as the service commits it, costs on this machine, behind the
// transport floor. node:http answers every request with the very bytes the
// service answered (as floor.mjs does), but only once a comment row is
// committed to DATABASE, a copy of the database the service started from: the
// same schema, so the same six indexes, the search index's and the class
// counts' triggers; the same durability (WAL, synchronous NORMAL: a commit
// survives a crash of the process, not a power cut) and the same group commit
// (the inserts of one turn of the event loop commit together, then their
// answers go), and the same checkpointing off the event loop as
// server/data/wal-checkpointer.ts (a worker looks at the log's length every
// 100 ms and runs a PASSIVE checkpoint once it holds 1,000 pages; the
// connection itself only past 20,000). Nothing else: no session, no access
// check, no body parsing, no savepoint, no version bump, no answer built.
// The row is DATABASE's last comment (one of the generated rows: another
// enrollment and text than the request's, the same shape and work), each
// request's with its own id, sequence number and time.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';

const port = Number(process.env.PORT);
const file = process.env.DATABASE;
const { status, headers } = JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8'));
const body = readFileSync(process.env.BODY_FILE);

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('wal_autocheckpoint = 20000');
const last = db.prepare('SELECT * FROM comments ORDER BY seq DESC LIMIT 1').get();
if (!last) throw new Error(`write floor: ${file} has no comment to copy`);
// Its own seq, as the service's insert gets one.
const { seq: _seq, ...row } = last;
const columns = Object.keys(row);
const insert = db.prepare(
  `INSERT INTO comments (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`,
);

const driver = createRequire(import.meta.url).resolve('better-sqlite3');
// As the service's checkpointer: the WAL index header's last frame (bytes 16-19, the machine's byte order) is the log's length.
new Worker(
  `const { workerData } = require('node:worker_threads');
   const { openSync, readSync } = require('node:fs');
   const db = new (require(workerData.driver))(workerData.file);
   db.pragma('busy_timeout = 0');
   const index = openSync(workerData.file + '-shm', 'r');
   const header = Buffer.alloc(48);
   const le = require('node:os').endianness() === 'LE';
   setInterval(() => {
     try {
       if (readSync(index, header, 0, 48, 0) === 48 && (le ? header.readUInt32LE(16) : header.readUInt32BE(16)) < 1000) return;
       db.pragma('wal_checkpoint(PASSIVE)');
     } catch {}
   }, 100);`,
  { eval: true, workerData: { file, driver } },
).unref();

let written = 0;
/** The answers waiting for the open transaction's COMMIT. */
let waiting = [];
const commit = () => {
  db.exec('COMMIT');
  const answers = waiting;
  waiting = [];
  for (const answer of answers) answer();
};

createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (waiting.length === 0) {
      db.exec('BEGIN IMMEDIATE');
      setImmediate(commit);
    }
    written++;
    insert.run({
      ...row,
      comment_id: `write-floor-${process.pid}-${written}`,
      created_at: Math.floor(Date.now() / 1000),
    });
    waiting.push(() => {
      response.writeHead(status, headers);
      response.end(body);
    });
  });
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  if (waiting.length > 0) commit();
  db.close();
  process.exit(0);
});
