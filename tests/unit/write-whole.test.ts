import { closeSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeWhole } from '../../server/notify/mail.ts';

describe('writeWhole', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('never changes the file a reader has open: the new text arrives as another file, renamed into place', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'write-whole-'));
    dirs.push(dir);
    const file = path.join(dir, 'mailbox.json');
    writeFileSync(file, '["old"]');
    const reader = openSync(file, 'r');
    try {
      writeWhole(file, '["old","new"]');
      // Written in place, the open file would now be truncated or hold the new text.
      const seen = Buffer.alloc(64);
      const n = readSync(reader, seen, 0, seen.length, 0);
      expect(seen.subarray(0, n).toString()).toBe('["old"]');
    } finally {
      closeSync(reader);
    }
    expect(readFileSync(file, 'utf8')).toBe('["old","new"]');
    expect(readdirSync(dir)).toEqual(['mailbox.json']);
  });
});
