/**
 * The gateway's local usage spool: an append-only directory of JSON-lines
 * files holding every usage row until PostgreSQL has it.
 *
 * - Each row is appended to the open segment with one `write(2)` when it is
 *   recorded (on the request path, a few microseconds): from then on it
 *   survives the process being killed (`kill -9`, OOM), since the kernel
 *   holds the bytes.
 * - A segment is closed to appends when the batch it holds is handed to the
 *   database (`take`), so it holds exactly that batch's rows; `fdatasync` of
 *   the file and `fsync` of the directory (`sync`) then make it survive a
 *   power loss or kernel crash too (at most one batch period, ≤ 100 ms, is
 *   exposed to those).
 * - A segment is deleted once its rows are inserted. A row inserted but not
 *   yet deleted is replayed at the next start; rows carry their own id and the
 *   insert skips ids already stored, so a replay never counts a row twice.
 * - One process at a time: `spool.lock` holds the owner's pid.
 */
import { closeSync, fdatasync, fsync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { UsageRow } from './usage-insert.js';

const fdatasyncAsync = promisify(fdatasync);
const fsyncAsync = promisify(fsync);
/** A segment's name: `usage-<ms>-<pid>-<seq>.jsonl` (`usage-<ms>-<seq>.jsonl` from older versions). */
const SEGMENT = /^usage-\d{13}-(?:\d+-)?\d{6}\.jsonl$/;

/** A closed spool file and the rows it holds. */
export interface SpoolSegment {
  file: string;
  rows: UsageRow[];
}

/** A segment closed to appends by `take`, not yet synced. */
export interface OpenSegment extends SpoolSegment {
  fd: number;
}

/** The spool directory is locked by another live process. */
export class SpoolLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`the usage spool ${dir} is in use by process ${pid}; give each gateway process its own GATEWAY_USAGE_SPOOL_DIR`);
    this.name = 'SpoolLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class UsageSpool {
  private fd: number | undefined;
  private file: string | undefined;
  private rows: UsageRow[] = [];
  private seq = 0;
  private readonly lockFile: string;

  /**
   * Opens (creating) `dir` and locks it.
   * @throws SpoolLockedError when another live process holds it; fs errors.
   */
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.lockFile = path.join(dir, 'spool.lock');
    let holder: number | undefined;
    try {
      holder = Number(readFileSync(this.lockFile, 'utf8').trim());
    } catch {
      holder = undefined;
    }
    if (holder && holder !== process.pid && alive(holder)) throw new SpoolLockedError(dir, holder);
    writeFileSync(this.lockFile, String(process.pid), { mode: 0o600 });
  }

  /** The segments left by an earlier run (oldest first), to be written again. Unreadable lines (a torn last write) are skipped. */
  leftovers(): { segments: SpoolSegment[]; skippedLines: number } {
    let skippedLines = 0;
    const segments: SpoolSegment[] = [];
    for (const name of readdirSync(this.dir)
      .filter((n) => SEGMENT.test(n))
      .sort()) {
      const file = path.join(this.dir, name);
      const rows: UsageRow[] = [];
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        try {
          rows.push(JSON.parse(line) as UsageRow);
        } catch {
          skippedLines++;
        }
      }
      if (rows.length) segments.push({ file, rows });
      else unlinkSync(file);
    }
    return { segments, skippedLines };
  }

  /**
   * Appends one row to the open segment (opening one when needed). Synchronous: one write(2).
   * @throws the fs error, or Error on a short write (a full disk can take part of a line without an error): the row is
   *   then not on disk, and the caller must stop using the spool (a torn line is skipped at the next start).
   */
  append(row: UsageRow): void {
    if (this.fd === undefined) this.open();
    const line = Buffer.from(`${JSON.stringify(row)}\n`, 'utf8');
    const written = writeSync(this.fd!, line);
    if (written !== line.length) throw new Error(`usage spool: short write (${written} of ${line.length} bytes) to ${this.file}`);
    this.rows.push(row);
  }

  /**
   * Opens a new segment. Its name holds the time, this process's id and a sequence number, and it is created
   * exclusively: a segment left by an earlier run (even one with the same time, after the clock stepped back) is never
   * appended to, so deleting it once its rows are stored cannot delete a row of this run.
   */
  private open(): void {
    for (;;) {
      const file = path.join(this.dir, `usage-${Date.now()}-${process.pid}-${String(this.seq++ % 1e6).padStart(6, '0')}.jsonl`);
      try {
        this.fd = openSync(file, 'ax', 0o600);
        this.file = file;
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  }

  /**
   * Closes the open segment to appends and returns it with the rows appended since the last `take` (null when none,
   * or after `close`). Synchronous: a row appended after it goes to a new segment. Pass the segment to `sync`.
   */
  take(): OpenSegment | null {
    const fd = this.fd;
    const file = this.file;
    const rows = this.rows;
    this.fd = undefined;
    this.file = undefined;
    this.rows = [];
    if (fd === undefined || !file) return null;
    return { fd, file, rows };
  }

  /**
   * Makes a taken segment durable (`fdatasync` of the file, `fsync` of the directory: it then survives a power loss)
   * and closes its descriptor.
   * @throws the fs error of either sync (the descriptor is closed all the same; the file stays for the next start).
   */
  async sync(seg: OpenSegment): Promise<SpoolSegment> {
    try {
      await fdatasyncAsync(seg.fd);
      const dirFd = openSync(this.dir, 'r');
      try {
        await fsyncAsync(dirFd);
      } finally {
        closeSync(dirFd);
      }
    } finally {
      closeSync(seg.fd);
    }
    return { file: seg.file, rows: seg.rows };
  }

  /**
   * Deletes segments whose rows are stored, off the event loop (one `unlink(2)` each on libuv's
   * threads; a file already gone is fine). A crash before it ends only leaves rows that the next
   * start skips by their ids.
   */
  async remove(segments: SpoolSegment[]): Promise<void> {
    await Promise.all(
      segments.map((s) =>
        unlink(s.file).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        }),
      ),
    );
  }

  /** Releases the lock (segments not yet written stay for the next start). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.file = undefined;
    this.rows = [];
    rmSync(this.lockFile, { force: true });
  }
}
