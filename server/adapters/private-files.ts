import fs, { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

/**
 * The data folder is the server's user's alone (issue 48): the embedded database's files (its
 * write-ahead log holds e-mails and password hashes), uploaded PDFs, complaint attachments,
 * data archives, prints and the development outboxes. Every file and folder the process
 * creates gets no bit for the group or others, whatever made it: the process's umask says so
 * for what Node creates, and a mode set afterwards loses those bits too. The second is for
 * PGlite, whose file system (Emscripten's NODEFS) sets every file it creates to the mode
 * PostgreSQL asked for, 0666 in its build, with `chmod`, which no umask touches.
 */
export const OWNER_ONLY = 0o077;

const ownerOnly = (mode: fs.Mode): fs.Mode => (typeof mode === 'number' ? mode & ~OWNER_ONLY : mode);

export function createOwnerOnly(): void {
  process.umask(OWNER_ONLY);
  if ((fs.chmodSync as { ownerOnly?: true }).ownerOnly) return;
  const { chmodSync: chmod, fchmodSync: fchmod } = fs;
  fs.chmodSync = Object.assign((at: fs.PathLike, mode: fs.Mode) => chmod(at, ownerOnly(mode)), { ownerOnly: true });
  fs.fchmodSync = (fd: number, mode: fs.Mode) => fchmod(fd, ownerOnly(mode));
  // A module that imports the file system as a namespace (PGlite does) sees the same functions.
  syncBuiltinESMExports();
}

/**
 * What an earlier version (or a copy) left readable by others under `dir` is closed: each
 * file and folder loses its group and other bits. Links are left as they are (their target
 * is not the data folder's to change). Answers how many were closed.
 */
export function closeUp(dir: string): number {
  let closed = 0;
  const visit = (at: string) => {
    const entry = lstatSync(at, { throwIfNoEntry: false });
    if (!entry || entry.isSymbolicLink()) return;
    if ((entry.mode & OWNER_ONLY) !== 0) {
      chmodSync(at, entry.mode & 0o7700);
      closed += 1;
    }
    if (entry.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return closed;
}
