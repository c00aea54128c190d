import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileRule } from '../../contract/request-parts.ts';
import type { Db, Queryable } from '../db/client.ts';
import { addPendingFile, forgetPendingFile, orphanFiles } from '../db/repository.ts';
import { FILE_NAME_BYTES, SENT_FILE_NAME_MAX } from '../../contract/limits.ts';
import { AppError } from '../runtime/errors.ts';
import { randomToken } from './tokens.ts';

/** Media areas are served under /Media; `Accusations` (staff only) and `Exports` (each customer's own archive) are never served. */
export type Area = 'CaseFiles' | 'CustomerImages' | 'root' | 'Accusations' | 'Exports';

const SNIFF_BYTES = 16;

/** What the first bytes of a file say it is; never the name or the declared type. */
export function sniff(head: Buffer): { ext: string; type: string } | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', type: 'application/pdf' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { ext: 'jpg', type: 'image/jpeg' };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', type: 'image/png' };
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return { ext: 'webp', type: 'image/webp' };
  return null;
}

function accepts(rule: FileRule, ext: string): boolean {
  return rule.kind === 'pdf' ? ext === 'pdf' : ['jpg', 'png', 'webp'].includes(ext);
}

const MB_TEXT = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * A file received but not yet kept: kept only through `storage.keep`, else dropped by
 * `discard` (the uploads plugin discards every file of a request once it is answered).
 */
/**
 * The name a file was sent with, as it may be given back (the data archive): its last part
 * only, without control characters or the marks that would make a folder or a hidden file, at
 * most SENT_FILE_NAME_MAX characters with its extension kept; null when nothing is left.
 */
export function sentName(sent: string | undefined): string | null {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f && !':*?"<>|'.includes(ch))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!clean) return null;
  if (clean.length <= SENT_FILE_NAME_MAX) return clean;
  const ext = /\.[A-Za-z0-9]{1,5}$/.exec(clean)?.[0] ?? '';
  return `${clean.slice(0, SENT_FILE_NAME_MAX - ext.length)}${ext}`;
}

export interface Staged {
  readonly name: string;
  readonly size: number;
  /** The name the file was sent with, cleaned (`sentName`); null when it had none worth keeping. */
  readonly sentAs: string | null;
  /** Deletes it from staging; nothing once it was kept. */
  discard(): Promise<void>;
}

interface StagedFile extends Staged {
  /** Records it as pending and moves it into its folder. */
  commit(): Promise<void>;
  /** In the transaction that writes the rows naming it: kept for good. */
  settle(q: Queryable): Promise<void>;
  /** Undoes a commit whose transaction failed. */
  remove(): Promise<void>;
}

/** Pending files of another process older than this belong to a process that never came back. */
const ABANDONED_AFTER = '1 hour';

/**
 * Files under `<dataDir>/media`: `CaseFiles/`, `CustomerImages/` and the root (responses,
 * prints). Stored names are random (128 bits) with the extension of the sniffed content.
 * Several processes may share the folder: each stages uploads in a folder of its own
 * (`staging/<instance>`), and cleans only its own leftovers when it starts.
 */
export function createStorage(dataDir: string, db: Db, instance: string) {
  const mediaRoot = path.join(dataDir, 'media');
  const dirOf = (area: Area) =>
    area === 'root'
      ? mediaRoot
      : area === 'Accusations'
        ? path.join(dataDir, 'private', 'accusations')
        : area === 'Exports'
          ? path.join(dataDir, 'private', 'exports')
          : path.join(mediaRoot, area);
  const staging = path.join(dataDir, 'staging', instance.replace(/[^A-Za-z0-9._-]/g, '_'));
  const forget = (name: string) => forgetPendingFile(db, name);

  /**
   * Undoes what a crash of this process left half done: uploads still in its staging
   * folder, and files moved into place whose rows were never committed. Returns how many
   * files were moved into place but dropped.
   */
  async function recover(): Promise<number> {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const orphans = await orphanFiles<Area>(db, instance, ABANDONED_AFTER);
    for (const orphan of orphans) {
      await rm(path.join(dirOf(orphan.area), path.basename(orphan.name)), { force: true });
      await forget(orphan.name);
    }
    return orphans.length;
  }

  /** Deletes a kept (or committed but unsettled) file. */
  async function removeFile(area: Area, name: string): Promise<void> {
    await rm(path.join(dirOf(area), path.basename(name)), { force: true });
    await forget(name);
  }

  const randomName = (ext: string, prefix = '') => `${prefix}${randomToken(FILE_NAME_BYTES)}.${ext}`;

  return {
    mediaRoot,
    dirOf,
    /** This process's staging folder (empty when no upload is under way). */
    stagingDir: staging,
    /** Makes the folders and recovers from a crash; answers how many half-kept files it removed. */
    async init(): Promise<number> {
      for (const area of ['root', 'CaseFiles', 'CustomerImages', 'Accusations', 'Exports'] as const)
        await mkdir(dirOf(area), { recursive: true });
      return recover();
    },
    /**
     * Streams an upload to staging, checking its content and size on the way; throws an
     * AppError (and leaves nothing behind) when the file is refused.
     */
    async stage(stream: Readable, rule: FileRule, area: Area, sentWith?: string): Promise<Staged> {
      const tmp = path.join(staging, randomToken(FILE_NAME_BYTES));
      let head = Buffer.alloc(0);
      let size = 0;
      let kind: { ext: string } | null = null;
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > rule.maxBytes)
            return done(new AppError(413, 'fileTooLarge', { values: { max: MB_TEXT(rule.maxBytes) } }));
          if (head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, chunk]);
            if (head.length >= SNIFF_BYTES) {
              kind = sniff(head);
              if (!kind || !accepts(rule, kind.ext))
                return done(new AppError(400, rule.kind === 'pdf' ? 'notPdf' : 'notImage'));
            }
          }
          done(null, chunk);
        },
        flush(done) {
          if (size === 0) return done(new AppError(400, 'emptyFile'));
          if (head.length < SNIFF_BYTES) {
            kind = sniff(head);
            if (!kind || !accepts(rule, kind.ext))
              return done(new AppError(400, rule.kind === 'pdf' ? 'notPdf' : 'notImage'));
          }
          done();
        },
      });
      try {
        await pipeline(stream, check, createWriteStream(tmp));
        // @fastify/multipart ends a stream cut at its own limit quietly and marks it truncated.
        if ((stream as Readable & { truncated?: boolean }).truncated)
          throw new AppError(413, 'fileTooLarge', { values: { max: MB_TEXT(rule.maxBytes) } });
      } catch (error) {
        stream.resume();
        await rm(tmp, { force: true });
        throw error;
      }
      const name = randomName((kind as { ext: string } | null)?.ext ?? 'bin');
      const final = path.join(dirOf(area), name);
      const file: StagedFile = {
        name,
        size,
        sentAs: sentName(sentWith),
        async commit() {
          await addPendingFile(db, name, area, instance);
          await rename(tmp, final);
        },
        settle: (q) => forgetPendingFile(q, name),
        remove: () => removeFile(area, name),
        discard: () => rm(tmp, { force: true }),
      };
      return file;
    },
    /**
     * The one way a staged file is kept: moved into place (recorded as pending, so a crash
     * leaves nothing half kept), then `write` runs in one transaction with the file's
     * settling, the rows that name it. If anything fails the file goes again and the error
     * goes on. Without a file, just the transaction.
     */
    async keep<T>(staged: Staged | undefined, write: (q: Queryable) => Promise<T>): Promise<T> {
      const file = staged as StagedFile | undefined;
      try {
        await file?.commit();
      } catch (error) {
        await file?.discard();
        throw error;
      }
      try {
        return await db.tx(async (q) => {
          const result = await write(q);
          await file?.settle(q);
          return result;
        });
      } catch (error) {
        await file?.remove();
        throw error;
      }
    },
    /** Writes a generated file under a random name; returns the name. Prints use the prefix `print-`. */
    async write(area: Area, ext: string, bytes: Uint8Array, prefix = ''): Promise<string> {
      const name = randomName(ext, prefix);
      await writeFile(path.join(dirOf(area), name), bytes);
      return name;
    },
    /** Deletes a kept file. */
    remove: removeFile,
    /** Deletes every generated file of the media root whose name starts with one of `prefixes` (the prints of a customer's cases); answers how many. */
    async removeNamed(prefixes: string[]): Promise<number> {
      const named = (await readdir(mediaRoot)).filter((entry) => prefixes.some((prefix) => entry.startsWith(prefix)));
      for (const entry of named) await rm(path.join(mediaRoot, entry), { force: true });
      return named.length;
    },
    /** Deletes generated prints older than `maxAgeMs` from the media root. */
    async sweepPrints(maxAgeMs: number): Promise<number> {
      let removed = 0;
      for (const entry of await readdir(mediaRoot)) {
        if (!entry.startsWith('print-')) continue;
        const full = path.join(mediaRoot, entry);
        const info = await stat(full);
        if (Date.now() - info.mtimeMs > maxAgeMs) {
          await rm(full, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
export type Storage = ReturnType<typeof createStorage>;
