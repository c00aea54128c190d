import { describe, expect, it } from 'vitest';
import { createReadCache } from '../../server/adapters/read-cache.ts';

describe('the read cache', () => {
  it('answers only at the version and before the time it was kept for', () => {
    const reads = createReadCache(1024, 512);
    reads.set('a', '1.0', 2000, Buffer.from('{"n":1}'));
    expect(reads.get('a', '1.0', 1000)?.toString()).toBe('{"n":1}');
    expect(reads.get('a', '2.0', 1000)).toBeUndefined();
    // A mismatch drops the answer: the old version does not bring it back.
    expect(reads.get('a', '1.0', 1000)).toBeUndefined();
    reads.set('b', '1.0', 2000, Buffer.from('{}'));
    expect(reads.get('b', '1.0', 1999)).toBeDefined();
    expect(reads.get('b', '1.0', 2000)).toBeUndefined();
    expect(reads.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps within its bytes, forgetting the least recently used first, and skips answers too large', () => {
    const reads = createReadCache(300, 120);
    const payload = 'x'.repeat(98);
    for (const key of ['a', 'b', 'c']) reads.set(key, 'v', Infinity, Buffer.from(payload));
    expect(reads.size()).toEqual({ entries: 3, bytes: 300 });
    expect(reads.get('a', 'v')).toBeDefined();
    reads.set('d', 'v', Infinity, Buffer.from(payload));
    expect(reads.get('b', 'v')).toBeUndefined();
    expect(reads.get('a', 'v')).toBeDefined();
    expect(reads.size().bytes).toBeLessThanOrEqual(300);
    reads.set('e', 'v', Infinity, Buffer.from('y'.repeat(200)));
    expect(reads.get('e', 'v')).toBeUndefined();
    // Ethiopic text takes three bytes a character as sent.
    reads.set('f', 'v', Infinity, Buffer.from('ሀ'.repeat(30)));
    expect(reads.get('f', 'v')?.length).toBe(90);
  });
});
