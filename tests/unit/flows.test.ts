import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOWS_DIR, generateFlows, loadMachines } from '../../scripts/flows-lib.ts';

describe('workflow diagrams (docs/flows)', () => {
  it('the committed diagrams are exactly what the machines generate (run `npm run flows`)', async () => {
    const files = await generateFlows();
    expect(readdirSync(FLOWS_DIR).sort()).toEqual([...files.keys()].sort());
    for (const [name, content] of files) expect(readFileSync(path.join(FLOWS_DIR, name), 'utf8'), `${name} is stale: run npm run flows`).toBe(content);
  });

  it('every machine is drawn with its states, guards, delays and invoked actors', async () => {
    const machines = await loadMachines();
    expect(machines.map((m) => m.name)).toEqual(expect.arrayContaining(['session', 'lockout', 'divisions', 'login', 'registration', 'apply', 'rating']));
    const files = await generateFlows();
    const lockout = files.get('lockout.mmd') ?? '';
    expect(lockout).toContain('after LOCKOUT_TICK (1000 ms) [lastTick] / clear, forgetDeadline');
    expect(lockout).toContain('always [resumed]');
    const apply = files.get('apply.mmd') ?? '';
    expect(apply).toContain('apply_submitting : invokes submit');
    expect(apply).toContain('after REDIRECT (6000 ms)');
    expect(files.get('README.md')).toContain('`SESSION_EXPIRY (computed from context)`');
    expect(files.get('apply.svg')).toMatch(/^<\?xml|<svg/);
  });
});
