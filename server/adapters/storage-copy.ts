import type { ObjectStore } from './object-store.ts';
import { STORED_FOLDERS } from './storage.ts';

/** How many files between two lines of progress. */
const PROGRESS_EVERY = 100;

/**
 * Copies the kept files of a data folder (`from`, its disk) into a bucket (`to`), under the
 * same keys (ADR 0043), one at a time, streamed: a file the bucket already holds at the same
 * size is not sent again, so a copy cut short goes on where it stopped when run again, and a
 * copy run twice sends nothing the second time. Nothing is deleted from the folder. Answers
 * what it did; says its progress every PROGRESS_EVERY files and at the end of each folder.
 */
export async function copyIntoBucket(
  from: ObjectStore,
  to: ObjectStore,
  say: (line: string) => void,
): Promise<{ copied: number; skipped: number; bytes: number }> {
  const done = { copied: 0, skipped: 0, bytes: 0 };
  for (const folder of STORED_FOLDERS) {
    const files = await from.list(folder);
    if (files.length === 0) continue;
    let seen = 0;
    for (const { key } of files) {
      const source = await from.open(key);
      if (source) {
        if ((await to.sizeOf(key)) === source.size) {
          source.stream.destroy();
          done.skipped++;
        } else {
          await to.put(key, source.stream, source.size);
          done.copied++;
          done.bytes += source.size;
        }
      }
      seen++;
      if (seen % PROGRESS_EVERY === 0 || seen === files.length) say(`${folder}: ${seen} of ${files.length}`);
    }
  }
  return done;
}
