/**
 * The wire-protocol front of the embedded PostgreSQL: many client connections
 * on one PGlite session, made as safe as separate PostgreSQL sessions.
 *
 * PGlite is one backend. `@electric-sql/pglite-socket` forwards every
 * message of every connection to it one at a time, which breaks three
 * guarantees a `pg` pool relies on (PostgreSQL protocol, "Message Flow",
 * https://www.postgresql.org/docs/current/protocol-flow.html):
 * - a named prepared statement belongs to its session: two pooled clients
 *   preparing `lk_x` collide (`42P05 prepared statement "lk_x" already exists`);
 * - an extended-query cycle (Parse … Sync) is one unit: interleaving another
 *   connection's Parse replaces the unnamed statement between Parse and Bind,
 *   and an error makes the backend skip every message up to the next Sync,
 *   whoever sent it;
 * - a transaction belongs to its session: another connection's statements
 *   would run inside it.
 *
 * Here each connection's messages are cut into units (a simple Query, or every
 * message up to and including Sync), units run one at a time and whole, a
 * connection inside a transaction block (or between Flush and Sync) keeps the
 * session until it leaves it, statement and portal names are private to
 * their connection (prefixed with its id), and a closed connection's
 * transaction is rolled back and its statements deallocated.
 *
 * What stays different from PostgreSQL: while one connection is inside a
 * transaction the others wait (no concurrency, so code that waits on a second
 * connection inside a transaction would wait forever; an idle transaction is
 * ended after `idleInTransactionTimeoutMs`, as PostgreSQL's
 * `idle_in_transaction_session_timeout` does); session settings (`SET`
 * without `LOCAL`) are shared; SQL-level `PREPARE`/`EXECUTE` names are not
 * made private; cancel requests are ignored.
 */
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

interface Unit {
  conn: Connection;
  /** Wire messages, each complete; empty for an internal task. */
  messages: Buffer[];
  /** True when the unit ends a cycle (Query or Sync); false after Flush. */
  complete: boolean;
  task?: () => Promise<void>;
}

interface Connection {
  id: number;
  socket: net.Socket;
  buffer: Buffer;
  started: boolean;
  pending: Buffer[];
  closed: boolean;
  /** Statement names this connection prepared (already prefixed). */
  statements: Set<string>;
  /** Between a Flush and its Sync: the session stays with this connection. */
  midCycle: boolean;
  /** Types of the messages of its last unit (for diagnostics). */
  last: string;
}

export interface EmbeddedServerOptions {
  db: PGlite;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Concurrent client connections (default 200); more are refused with PostgreSQL's 53300. */
  maxConnections?: number;
  /** A transaction idle this long while others wait is rolled back and its connection closed (default 30 000 ms). */
  idleInTransactionTimeoutMs?: number;
}

/** Reads a NUL-terminated string at `offset`; returns it and the offset after the NUL. */
function cstring(buf: Buffer, offset: number): [Buffer, number] {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new Error('malformed message: unterminated string');
  return [buf.subarray(offset, end), end + 1];
}

/** An ErrorResponse message (PostgreSQL protocol, "Message Formats"). */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from('SFATAL\0'), Buffer.from(`C${code}\0`), Buffer.from(`M${message}\0`), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/**
 * A TCP server speaking the PostgreSQL protocol in front of one PGlite
 * instance; see the module comment for what it guarantees.
 */
export class EmbeddedSessionServer {
  private readonly db: PGlite;
  private readonly server: net.Server;
  private readonly connections = new Set<Connection>();
  private readonly queue: Unit[] = [];
  private owner: Connection | null = null;
  private ownerIdleTimer: NodeJS.Timeout | undefined;
  private running = false;
  private nextId = 1;
  private readonly maxConnections: number;
  private readonly idleInTransactionTimeoutMs: number;
  private readonly host: string;
  private readonly requestedPort: number;
  /** The bound port, after `start()`. */
  port = 0;

  constructor(opts: EmbeddedServerOptions) {
    this.db = opts.db;
    this.host = opts.host ?? '127.0.0.1';
    this.requestedPort = opts.port ?? 0;
    this.maxConnections = opts.maxConnections ?? 200;
    this.idleInTransactionTimeoutMs = opts.idleInTransactionTimeoutMs ?? 30_000;
    this.server = net.createServer((socket) => this.accept(socket));
  }

  /** Listens; resolves once bound. @throws the listen error (e.g. EADDRINUSE). */
  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.requestedPort, this.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Stops listening, closes every connection and waits for the running unit. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const conn of this.connections) conn.socket.destroy();
    await closed;
    while (this.running) await new Promise((r) => setTimeout(r, 10));
    clearTimeout(this.ownerIdleTimer);
  }

  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    const conn: Connection = {
      id: this.nextId++,
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      pending: [],
      closed: false,
      statements: new Set(),
      midCycle: false,
      last: '',
    };
    if (this.connections.size >= this.maxConnections) {
      socket.end(errorResponse('53300', 'sorry, too many clients already'));
      return;
    }
    this.connections.add(conn);
    socket.on('data', (chunk) => this.onData(conn, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.onClose(conn));
  }

  private onData(conn: Connection, chunk: Buffer): void {
    if (conn.closed) return;
    conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
    try {
      for (;;) {
        if (!conn.started) {
          if (conn.buffer.length < 8) return;
          const len = conn.buffer.readInt32BE(0);
          if (conn.buffer.length < len) return;
          const code = conn.buffer.readInt32BE(4);
          const msg = conn.buffer.subarray(0, len);
          conn.buffer = conn.buffer.subarray(len);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            conn.socket.write('N');
          } else if (code === CANCEL_REQUEST) {
            conn.socket.end();
            return;
          } else if (code === PROTOCOL_3) {
            conn.started = true;
            this.enqueue({ conn, messages: [Buffer.from(msg)], complete: true });
          } else {
            conn.socket.end(errorResponse('08P01', 'unsupported frontend protocol'));
            return;
          }
          continue;
        }
        if (conn.buffer.length < 5) return;
        const len = conn.buffer.readInt32BE(1) + 1;
        if (conn.buffer.length < len) return;
        const msg = Buffer.from(conn.buffer.subarray(0, len));
        conn.buffer = conn.buffer.subarray(len);
        const type = String.fromCharCode(msg[0]!);
        if (type === 'X') {
          conn.socket.end();
          return;
        }
        conn.pending.push(this.rename(conn, type, msg));
        if (type === 'Q' || type === 'S' || type === 'H' || type === 'F' || type === 'c' || type === 'f' || type === 'd') {
          // Flush and COPY data end a unit without ending the cycle.
          const complete = type === 'Q' || type === 'S' || type === 'F' || type === 'c' || type === 'f';
          this.enqueue({ conn, messages: conn.pending, complete });
          conn.pending = [];
        }
      }
    } catch (err) {
      conn.socket.end(errorResponse('08P01', (err as Error).message));
    }
  }

  /** Makes statement and portal names private to the connection. */
  private rename(conn: Connection, type: string, msg: Buffer): Buffer {
    const prefix = Buffer.from(`lk${conn.id}_`);
    const body = msg.subarray(5);
    const named = (name: Buffer) => (name.length ? Buffer.concat([prefix, name]) : name);
    switch (type) {
      case 'P': {
        const [name, next] = cstring(body, 0);
        if (!name.length) return msg;
        const renamed = named(name);
        conn.statements.add(renamed.toString());
        return message('P', Buffer.concat([renamed, Buffer.from([0]), body.subarray(next)]));
      }
      case 'B': {
        const [portal, afterPortal] = cstring(body, 0);
        const [statement, afterStatement] = cstring(body, afterPortal);
        if (!portal.length && !statement.length) return msg;
        return message('B', Buffer.concat([named(portal), Buffer.from([0]), named(statement), Buffer.from([0]), body.subarray(afterStatement)]));
      }
      case 'D':
      case 'C': {
        const kind = body.subarray(0, 1);
        const [name, next] = cstring(body, 1);
        if (!name.length) return msg;
        const renamed = named(name);
        if (type === 'C' && kind.toString() === 'S') conn.statements.delete(renamed.toString());
        return message(type, Buffer.concat([kind, renamed, Buffer.from([0]), body.subarray(next)]));
      }
      case 'E': {
        const [portal, next] = cstring(body, 0);
        if (!portal.length) return msg;
        return message('E', Buffer.concat([named(portal), Buffer.from([0]), body.subarray(next)]));
      }
      default:
        return msg;
    }
  }

  private onClose(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    this.connections.delete(conn);
    // Its queued work is dropped; its transaction and statements are cleaned up in turn.
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.conn === conn) this.queue.splice(i, 1);
    const statements = [...conn.statements];
    this.enqueue({
      conn,
      messages: [],
      complete: true,
      task: async () => {
        if (this.db.isInTransaction() && this.owner === conn) await this.db.exec('ROLLBACK');
        for (const name of statements) await this.db.exec(`DEALLOCATE "${name.replace(/"/g, '""')}"`).catch(() => {});
      },
    });
  }

  private enqueue(unit: Unit): void {
    this.queue.push(unit);
    void this.drain();
  }

  private next(): Unit | undefined {
    if (!this.owner) return this.queue.shift();
    const i = this.queue.findIndex((u) => u.conn === this.owner);
    return i < 0 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let unit = this.next(); unit; unit = this.next()) {
        clearTimeout(this.ownerIdleTimer);
        await this.run(unit);
        const holds = !unit.task && !unit.conn.closed && (this.db.isInTransaction() || unit.conn.midCycle);
        this.owner = holds ? unit.conn : null;
        if (holds) this.watchIdleOwner(unit.conn);
      }
    } finally {
      this.running = false;
    }
  }

  /** An owner that keeps the session idle while others wait is cut off, as PostgreSQL's idle_in_transaction_session_timeout does. */
  private watchIdleOwner(conn: Connection): void {
    this.ownerIdleTimer = setTimeout(() => {
      if (this.owner !== conn || this.running || !this.queue.some((u) => u.conn !== conn)) {
        if (this.owner === conn && !this.running) this.watchIdleOwner(conn);
        return;
      }
      console.warn(
        `embedded PostgreSQL on port ${this.port}: ended connection ${conn.id}, idle ${conn.midCycle ? 'inside an extended-query cycle' : 'in a transaction'} for ${this.idleInTransactionTimeoutMs / 1000} s while others waited (last: ${conn.last})`,
      );
      conn.socket.end(errorResponse('25P03', 'terminating connection due to idle-in-transaction timeout (embedded PostgreSQL)'));
      conn.socket.destroy();
    }, this.idleInTransactionTimeoutMs);
    this.ownerIdleTimer.unref();
  }

  private async run(unit: Unit): Promise<void> {
    if (unit.task) {
      await unit.task().catch(() => {});
      return;
    }
    const { conn } = unit;
    if (conn.closed) return;
    conn.last = unit.messages.map((m) => String.fromCharCode(m[0]!)).join('');
    const out: Buffer[] = [];
    try {
      await this.db.runExclusive(async () => {
        for (let i = 0; i < unit.messages.length; i++) {
          await this.db.execProtocolRawStream(unit.messages[i]!, {
            syncToFs: i === unit.messages.length - 1,
            onRawData: (data: Uint8Array) => {
              if (data.length) out.push(Buffer.from(data));
            },
          });
        }
      });
    } catch (err) {
      // The backend failed outside SQL (it answers SQL errors itself): this connection's state is unknown, so it ends.
      out.push(errorResponse('XX000', `embedded PostgreSQL: ${(err as Error).message}`));
      if (!conn.closed) conn.socket.end(Buffer.concat(out));
      return;
    }
    conn.midCycle = !unit.complete;
    if (!conn.closed && out.length) conn.socket.write(out.length === 1 ? out[0]! : Buffer.concat(out));
  }
}
