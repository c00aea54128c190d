import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/** An S3-compatible bucket, from OBJECT_STORAGE_URL (server/config/checks.ts `objectStorageOf`). */
export interface BucketAccount {
  endpoint: string;
  bucket: string;
  region: string;
  pathStyle: boolean;
  /** None: the AWS SDK's own chain (environment, instance profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** An object as a listing names it: its key and when it was last written. */
export interface Listed {
  key: string;
  lastModified: Date;
}

/** An object being read: its bytes as a stream, its size and when it was last written. */
export interface Opened {
  stream: Readable;
  size: number;
  lastModified: Date;
}

/**
 * Where the portal keeps its files, by key (`media/CaseFiles/<name>`, `private/exports/<name>`):
 * the data folder's disk, or an S3-compatible bucket (issue 55, ADR 0043). Keys are the same in
 * both, and are the disk's relative paths: a bureau that moves to a bucket copies the folder's
 * files under the same keys (`npm run staff -- storage copy`).
 */
export interface ObjectStore {
  readonly kind: 'disk' | 'bucket';
  /** Ready to use: the disk's folders made, or the bucket reached (an error says why not). */
  init(folders: readonly string[]): Promise<void>;
  /** Writes an object whole; `size`, when the stream's length is known, sends it in one request. */
  put(key: string, body: Uint8Array | Readable, size?: number): Promise<void>;
  /** Moves a file of this process's own disk (a checked upload) in under `key`; the local file is gone after. */
  adopt(key: string, localFile: string, size: number): Promise<void>;
  /** Opens an object to read; null when there is none. */
  open(key: string): Promise<Opened | null>;
  /** The size of the object under `key`; null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /** Deletes an object; nothing when there is none. */
  remove(key: string): Promise<void>;
  /** The objects whose keys start with `prefix`, in the prefix's own folder only (not below it). */
  list(prefix: string): Promise<Listed[]>;
}

/** The data folder's disk: a key is a path below `root`. */
export function diskStore(root: string): ObjectStore {
  const full = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`a key outside the store: ${key}`);
    return resolved;
  };
  return {
    kind: 'disk',
    async init(folders) {
      for (const folder of folders) await mkdir(full(folder), { recursive: true });
    },
    async put(key, body) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      if (body instanceof Uint8Array) await writeFile(full(key), body);
      else await pipeline(body, createWriteStream(full(key)));
    },
    async adopt(key, localFile) {
      await rename(localFile, full(key));
    },
    async open(key) {
      const file = full(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size, lastModified: info.mtime };
    },
    async sizeOf(key) {
      const info = await stat(full(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
    async list(prefix) {
      const folder = full(prefix.endsWith('/') ? `${prefix}.` : prefix);
      const [dir, start] = prefix.endsWith('/') ? [folder, ''] : [path.dirname(folder), path.basename(folder)];
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const found: Listed[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.startsWith(start)) continue;
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info)
          found.push({ key: `${prefix.slice(0, prefix.lastIndexOf('/') + 1)}${entry.name}`, lastModified: info.mtime });
      }
      return found;
    },
  };
}

/** Why a bucket could not be used, as an operator fixes it (a HEAD answer has no body: its status says it). */
function bucketProblem(error: unknown, account: BucketAccount): string {
  const e = error as { $metadata?: { httpStatusCode?: number }; code?: string; message?: string };
  const status = e.$metadata?.httpStatusCode;
  if (status === 404) return `there is no bucket "${account.bucket}" at ${account.endpoint}`;
  if (status === 403 || status === 401)
    return `${account.endpoint} refused the access key and secret for the bucket "${account.bucket}"`;
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === 'ETIMEDOUT')
    return `nothing answered at ${account.endpoint} (${e.code})`;
  return `the bucket "${account.bucket}" at ${account.endpoint} could not be reached (${status ? `HTTP ${status}` : (e.code ?? e.message ?? 'unknown error')})`;
}

/**
 * An S3-compatible bucket through the AWS SDK v3. The bucket is never made public: every file
 * is served by the portal's own checks, read from here. Checksums only where the protocol
 * requires them (MinIO, Ceph's gateway and s3rver do not all speak the SDK's newer ones).
 */
export function bucketStore(account: BucketAccount): ObjectStore {
  const client = new S3Client({
    endpoint: account.endpoint,
    region: account.region,
    forcePathStyle: account.pathStyle,
    ...(account.credentials ? { credentials: account.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = account.bucket;
  return {
    kind: 'bucket',
    async init() {
      await client.send(new HeadBucketCommand({ Bucket })).catch((error: unknown) => {
        throw new Error(`OBJECT_STORAGE_URL: ${bucketProblem(error, account)}`, { cause: error });
      });
    },
    async put(key, body, size) {
      if (body instanceof Uint8Array || size !== undefined) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ...(size !== undefined ? { ContentLength: size } : {}),
          }),
        );
        return;
      }
      // A stream of unknown length (an archive as it is zipped): in parts, an upload that fails
      // leaving none of them behind.
      await new Upload({ client, params: { Bucket, Key: key, Body: body }, queueSize: 1 }).done();
    },
    async adopt(key, localFile, size) {
      // Its length known, the file goes up in one request, read from the disk as it is sent.
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(localFile), ContentLength: size }),
      );
      await rm(localFile, { force: true });
    },
    async open(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          stream: got.Body as Readable,
          size: got.ContentLength ?? 0,
          lastModified: got.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async sizeOf(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (error instanceof NotFound || error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const found: Listed[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key) found.push({ key: o.Key, lastModified: o.LastModified ?? new Date(0) });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
  };
}
