import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../docs/flows');

describe('Mermaid sources of the diagrams', () => {
  it('the parser refuses a broken diagram (so this check can fail)', async () => {
    const { default: mermaid } = await import('mermaid');
    await expect(mermaid.parse('stateDiagram-v2\n  a --> b : x\n  state {')).rejects.toThrow();
  });

  it.each(readdirSync(dir).filter((f) => f.endsWith('.mmd')))('%s is valid for Mermaid', async (file) => {
    const { default: mermaid } = await import('mermaid');
    const result = await mermaid.parse(readFileSync(path.join(dir, file), 'utf8'));
    expect(result).toMatchObject({ diagramType: 'stateDiagram' });
  });
});
