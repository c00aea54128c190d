import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../server/config/node-flags.ts';

describe("the server's Node flags", () => {
  it('are the ones `npm start` runs the server with', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const start = pkg.scripts.start ?? '';
    expect(start).toContain(`node ${NODE_FLAGS.join(' ')} server/main.ts`);
  });
});
