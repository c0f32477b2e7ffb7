/**
 * A lock file that names its owner: `<path>` holds the pid of the process
 * that uses a directory (the state directory of `pnpm start`, the data
 * directory of an embedded PostgreSQL), created exclusively. A lock whose
 * process is gone (a crash, `kill -9`) is stale and taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Thrown when another live process holds the lock. */
export class LockedError extends Error {
  constructor(
    message: string,
    /** The pid of the process holding the lock. */
    readonly pid: number,
  ) {
    super(message);
    this.name = 'LockedError';
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file `file` for this process.
 * @param what what is locked, for the message (e.g. `the state directory /x/.latchkey`).
 * @returns `release()`, which removes the file if this process still owns it, and `stale`: the pid of a dead previous owner whose lock was taken over.
 * @throws LockedError when a live process (not this one) holds it; the message names its pid.
 */
export function acquireLock(file: string, what: string): { release(): void; stale?: number } {
  let stale: number | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      const release = () => {
        try {
          if (Number(readFileSync(file, 'utf8').trim()) === process.pid) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      return { release, stale };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // removed meanwhile: try again
    }
    if (owner === process.pid) return { release: () => {}, stale };
    if (alive(owner)) throw new LockedError(`${what} is in use by another process (pid ${owner}; lock file ${file})`, owner);
    stale = owner;
    try {
      unlinkSync(file);
    } catch {
      // another process took it over first: the next attempt sees its pid
    }
  }
  throw new Error(`could not lock ${what} (lock file ${file})`);
}
