import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileRule } from '../../contract/request-parts.ts';
import type { Db, Queryable } from '../db/client.ts';
import { addPendingFile, forgetPendingFile, orphanFiles, unnamedFiles } from '../db/repository.ts';
import { FILE_NAME_BYTES } from '../../contract/limits.ts';
import { AppError } from '../runtime/errors.ts';
import { randomToken } from './tokens.ts';
import { SNIFF_BYTES, accepts, sentName, sniff } from './file-kind.ts';
import type { ObjectStore, Opened } from './object-store.ts';

/** Media areas are served under /Media; `Accusations` (staff only) and `Exports` (each customer's own archive) are never served. */
export type Area = 'CaseFiles' | 'CustomerImages' | 'root' | 'Accusations' | 'Exports';

const MB_TEXT = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * A file received but not yet kept: kept only through `storage.keep`, else dropped by
 * `discard` (the uploads plugin discards every file of a request once it is answered).
 */
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
/** How many names the sweep of unnamed files asks the database about at once. */
const SWEEP_BATCH = 500;

/** Where each area's files are kept in the store: the data folder's layout, on disk and in a bucket alike. */
const FOLDERS: Record<Area, string> = {
  root: 'media/',
  CaseFiles: 'media/CaseFiles/',
  CustomerImages: 'media/CustomerImages/',
  Accusations: 'private/accusations/',
  Exports: 'private/exports/',
};
/** The manual's folder, served publicly under /Media/manual/. */
export const MANUAL_FOLDER = 'media/manual/';
/** Every folder of the store that holds kept files (what `storage copy` copies). */
export const STORED_FOLDERS: readonly string[] = [...Object.values(FOLDERS), MANUAL_FOLDER];

/**
 * The portal's files in `store` (the data folder, or a bucket: ADR 0043): `CaseFiles`,
 * `CustomerImages` and the media root (responses, prints) are served under /Media by the
 * portal's own checks; the private areas never. Stored names are random (128 bits) with the
 * extension of the sniffed content. Uploads are checked on this process's own disk first
 * (`<dataDir>/staging/<instance>`), so a refused one never reaches the store, and only then
 * moved in; several processes may share the store, each cleaning only its own leftovers.
 */
export function createStorage(dataDir: string, store: ObjectStore, db: Db, instance: string) {
  const keyOf = (area: Area, name: string) => `${FOLDERS[area]}${path.basename(name)}`;
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
      await store.remove(keyOf(orphan.area, orphan.name));
      await forget(orphan.name);
    }
    return orphans.length;
  }

  /** Deletes a kept (or committed but unsettled) file. */
  async function removeFile(area: Area, name: string): Promise<void> {
    await store.remove(keyOf(area, name));
    await forget(name);
  }

  const randomName = (ext: string, prefix = '') => `${prefix}${randomToken(FILE_NAME_BYTES)}.${ext}`;

  return {
    store,
    /** The media root on the data folder's disk, which serves it as it is; null with a bucket. */
    mediaRoot: store.kind === 'disk' ? path.join(dataDir, 'media') : null,
    /** This process's staging folder (empty when no upload is under way). */
    stagingDir: staging,
    /** Makes the folders (or reaches the bucket) and recovers from a crash; answers how many half-kept files it removed. */
    async init(): Promise<number> {
      await store.init(STORED_FOLDERS);
      return recover();
    },
    /** An area's file to read; null when there is none. */
    open: (area: Area, name: string): Promise<Opened | null> => store.open(keyOf(area, name)),
    /** Whether an area has a file of that name. */
    has: async (area: Area, name: string): Promise<boolean> => (await store.sizeOf(keyOf(area, name))) !== null,
    /** An area's file whole; null when there is none. */
    async read(area: Area, name: string): Promise<Buffer | null> {
      const opened = await store.open(keyOf(area, name));
      return opened ? buffer(opened.stream) : null;
    },
    /** The names of an area's files. */
    async names(area: Area): Promise<string[]> {
      return (await store.list(FOLDERS[area])).map((o) => path.posix.basename(o.key)).sort();
    },
    /** Writes a file of an area under a name of the caller's (an archive, as it is zipped). */
    put: (area: Area, name: string, body: Uint8Array | Readable) => store.put(keyOf(area, name), body),
    /** Deletes a file of an area that no pending row follows (an archive, a print). */
    drop: (area: Area, name: string) => store.remove(keyOf(area, name)),
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
      const file: StagedFile = {
        name,
        size,
        sentAs: sentName(sentWith),
        async commit() {
          await addPendingFile(db, name, area, instance);
          try {
            await store.adopt(keyOf(area, name), tmp, size);
          } catch (error) {
            // The store refused it or could not be reached: whatever it may hold of the file goes,
            // and its pending row with it; if even that fails, the row stays for the recovery.
            await removeFile(area, name).catch(() => undefined);
            throw error;
          }
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
      await store.put(keyOf(area, name), bytes);
      return name;
    },
    /** Deletes a kept file. */
    remove: removeFile,
    /** Deletes every generated file of the media root whose name starts with one of `prefixes` (the prints of a customer's cases); answers how many. */
    async removeNamed(prefixes: string[]): Promise<number> {
      let removed = 0;
      for (const prefix of prefixes)
        for (const o of await store.list(`${FOLDERS.root}${prefix}`)) {
          await store.remove(o.key);
          removed++;
        }
      return removed;
    },
    /**
     * Deletes the kept files older than `minAgeMs` that no row names (a crash between the
     * store and the database, of this process or another); answers how many. Prints (swept by
     * their age) and the manual are not kept files; a file still pending is named by its row.
     */
    async sweepUnnamed(minAgeMs: number): Promise<number> {
      let removed = 0;
      for (const area of ['CaseFiles', 'CustomerImages', 'Accusations', 'Exports', 'root'] as const) {
        const old = (await store.list(FOLDERS[area]))
          .filter((o) => Date.now() - o.lastModified.getTime() >= minAgeMs)
          .map((o) => path.posix.basename(o.key))
          .filter((name) => area !== 'root' || !name.startsWith('print-'));
        for (let i = 0; i < old.length; i += SWEEP_BATCH)
          for (const name of await unnamedFiles(db, old.slice(i, i + SWEEP_BATCH))) {
            await store.remove(keyOf(area, name));
            removed++;
          }
      }
      return removed;
    },
    /** Deletes generated prints older than `maxAgeMs` from the media root. */
    async sweepPrints(maxAgeMs: number): Promise<number> {
      let removed = 0;
      for (const o of await store.list(`${FOLDERS.root}print-`))
        if (Date.now() - o.lastModified.getTime() > maxAgeMs) {
          await store.remove(o.key);
          removed++;
        }
      return removed;
    },
  };
}
export type Storage = ReturnType<typeof createStorage>;
