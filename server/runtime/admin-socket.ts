import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import type { Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { runStaffCommand, staffFailure } from '../cli/staff-commands.ts';
import type { Context } from '../context.ts';
import { ADMIN_COMMAND_MAX_BYTES, ADMIN_COMMAND_TIMEOUT_MS } from '../config/tuning.ts';

/**
 * The staff command line, taken by a running server (ADR 0021). The embedded database is one
 * process's only: without this, every staff step meant stopping the portal. The server listens
 * on a Unix socket inside a folder of the data folder that only its own system user may enter
 * (mode 0700): whoever can open it could open the database files themselves. One command per
 * connection: a JSON line `{"argv": [...]}` in, a JSON line `{"out", "error"?}` back.
 */
export const adminSocketPath = (dataDir: string): string => path.join(dataDir, 'admin', 'admin.sock');

interface Answer {
  out: string;
  error?: string;
}

/** Opens the socket; answers the function that closes it (and removes it). A socket that cannot open costs only itself. */
export async function openAdminSocket(ctx: Context, dataDir: string, log: Logger): Promise<() => Promise<void>> {
  const file = adminSocketPath(dataDir);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Made before with other rights (by hand, by an older version): only this user may enter it.
  chmodSync(path.dirname(file), 0o700);
  // A socket a stopped server left behind: this process holds the database lock, so it is not another's.
  rmSync(file, { force: true });
  const server: Server = createServer((socket) => void take(ctx, socket, log));
  const opened = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      log.warn({ err: error }, 'the staff command socket could not open: staff commands need the portal stopped');
      resolve(false);
    });
    server.listen(file, () => resolve(true));
  });
  if (!opened) return async () => undefined;
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        rmSync(file, { force: true });
        resolve();
      });
    });
}

/** The first line a connection sends (bounded in size); null when it ends or grows past the bound first. */
function firstLine(socket: Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0 || text.length > ADMIN_COMMAND_MAX_BYTES) {
        socket.off('data', onData);
        resolve(end >= 0 && end <= ADMIN_COMMAND_MAX_BYTES ? text.slice(0, end) : null);
      }
    };
    socket.on('data', onData);
    socket.once('end', () => resolve(null));
    socket.once('error', () => resolve(null));
  });
}

/** One connection: its command read (bounded in size and time), run, answered. */
async function take(ctx: Context, socket: Socket, log: Logger): Promise<void> {
  socket.setTimeout(ADMIN_COMMAND_TIMEOUT_MS, () => socket.destroy());
  const text = await firstLine(socket);
  if (text === null) return void socket.destroy();
  const lines: string[] = [];
  const answer: Answer = { out: '' };
  try {
    const argv = (JSON.parse(text) as { argv?: unknown }).argv;
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string'))
      throw new Error('a command is a list of words');
    log.info({ command: argv[0] }, 'a staff command from the command line');
    await runStaffCommand(ctx, argv, (line) => lines.push(line));
  } catch (error) {
    answer.error = staffFailure(error);
  }
  answer.out = lines.length ? `${lines.join('\n')}\n` : '';
  socket.end(`${JSON.stringify(answer)}\n`);
}

/**
 * The command line's side: the command sent to the server running on this data folder, and its
 * answer; null when no server listens there (then the command line opens the database itself).
 */
export async function askRunningServer(dataDir: string, argv: string[]): Promise<Answer | null> {
  return new Promise((resolve) => {
    const socket = connect(adminSocketPath(dataDir));
    let text = '';
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () =>
      resolve(connected ? { out: '', error: 'The running server did not answer the command.' } : null),
    );
    socket.on('close', () => {
      if (!connected) return resolve(null);
      try {
        resolve(JSON.parse(text) as Answer);
      } catch {
        resolve({ out: '', error: 'The running server did not answer the command.' });
      }
    });
  });
}
