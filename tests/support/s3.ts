import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The bucket the tests' s3rver holds. */
export const TEST_BUCKET = 'portal-files';

export interface TestBucket {
  /** OBJECT_STORAGE_URL for the portal. */
  url: string;
  /** The endpoint, for a test that looks into the bucket itself (s3rver's own keys: S3RVER / S3RVER). */
  endpoint: string;
  /** Stops the server, its objects kept: the bucket unreachable. */
  pause(): Promise<void>;
  /** Starts it again on the same port, with the objects it had. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real S3 implementation on loopback (s3rver, from npm: the S3 protocol over HTTP, objects
 * in a folder of its own), with one empty bucket; stopped and its folder removed by `stop`.
 */
export async function startBucket(): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
    const info = (await server.run()) as { port: number };
    return { server, port: info.port };
  };
  let running: Awaited<ReturnType<typeof serve>> | null = await serve(0);
  const port = running.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const pause = async () => {
    await running?.server.close();
    running = null;
  };
  return {
    // s3rver's own keys (it checks the signature against them).
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${TEST_BUCKET}`,
    endpoint,
    pause,
    async resume() {
      running ??= await serve(port);
    },
    async stop() {
      await pause();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Which store the API tests keep files in: the data folder, or a bucket when
 * TEST_OBJECT_STORAGE=s3rver (vitest.config.ts's `bucket` project runs the file tests so).
 * Read when an app starts, not when this module loads: a worker may load it once for several files.
 */
export const testStore = (): 'disk' | 'bucket' => (process.env.TEST_OBJECT_STORAGE === 's3rver' ? 'bucket' : 'disk');

/** Every key in the tests' bucket at `endpoint` under `prefix`, as the bucket itself lists them (not through the portal). */
export async function bucketKeys(endpoint: string, prefix = ''): Promise<string[]> {
  const s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  } finally {
    s3.destroy();
  }
}

/** The kept files in a data folder (its `media` and `private` folders): none when a bucket keeps them. */
export const keptOnDisk = (dataDir: string): string[] =>
  ['media', 'private'].flatMap((folder) =>
    existsSync(path.join(dataDir, folder))
      ? readdirSync(path.join(dataDir, folder), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
      : [],
  );
