import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statements, traceJson, traceMarkdown, traceProblems } from '../../scripts/trace.ts';
import { ROOT } from '../../scripts/flows/graph.ts';
import type { Requirement } from '../../trace/requirement.ts';
import { REQUIREMENTS } from '../../trace/requirements.ts';

/** `npm run trace` (issue 36): the spec's statements, each traced to code and tests. */
const SPEC = [
  '# Spec',
  '## 1. Intro',
  '- Not traced: section 1.',
  '## 4. States',
  '**Lockout**',
  '| Status | Badge |',
  '|---|---|',
  '| pending | grey |',
  '- A 429 waits 180 seconds.',
  '**Logout**: the user goes to /.',
  '## 6. Roles',
  '- Not traced: section 6.',
].join('\n');

describe('the specification traced', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'trace-'));
  mkdirSync(path.join(root, 'tests'));
  mkdirSync(path.join(root, 'machines'));
  writeFileSync(path.join(root, 'machines', 'lockout.machine.ts'), '');
  writeFileSync(
    path.join(root, 'tests', 'lockout.test.ts'),
    "it('waits 180 seconds', () => {}); // spec: S4.LOCKOUT\n",
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const traced = (over: Partial<Requirement> = {}): Requirement => ({
    id: 'S4.LOCKOUT',
    spec: 'A 429 waits 180 seconds.',
    by: ['machines/lockout.machine.ts locked'],
    tests: ['tests/lockout.test.ts › waits 180 seconds'],
    ...over,
  });
  const others: Requirement[] = [
    { ...traced(), id: 'S4.BADGE', spec: '| pending | grey |' },
    { ...traced(), id: 'S4.LOGOUT', spec: '**Logout**: the user goes to /.' },
  ];

  it("reads the statements of sections 2, 4, 5, 8 and 9: bullets, a table's rows, paragraphs; not headings, headers or rules", () => {
    expect(statements(SPEC).map((s) => s.text)).toEqual([
      '| pending | grey |',
      '- A 429 waits 180 seconds.',
      '**Logout**: the user goes to /.',
    ]);
  });

  it('passes when every statement is traced to files and tests that exist', () => {
    expect(traceProblems([traced(), ...others], SPEC, root)).toEqual([]);
  });

  it('fails on a statement no requirement quotes, a requirement without a test, a test that is not there, a tag of no requirement', () => {
    expect(traceProblems(others, SPEC, root)).toEqual([
      'spec line 9 is not traced: - A 429 waits 180 seconds.',
      'tests/lockout.test.ts names S4.LOCKOUT, which is no requirement',
    ]);
    // Named by its test instead (the test's `spec: S4.LOCKOUT`): traced; without that tag, not.
    expect(traceProblems([traced({ tests: [] }), ...others], SPEC, root)).toEqual([]);
    writeFileSync(path.join(root, 'tests', 'lockout.test.ts'), "it('waits 180 seconds', () => {});\n");
    expect(traceProblems([traced({ tests: [] }), ...others], SPEC, root)).toEqual(['S4.LOCKOUT: no test']);
    writeFileSync(
      path.join(root, 'tests', 'lockout.test.ts'),
      "it('waits 180 seconds', () => {}); // spec: S4.LOCKOUT\n",
    );
    expect(
      traceProblems([traced({ tests: ['tests/lockout.test.ts › waits forever'] }), ...others], SPEC, root),
    ).toEqual(['S4.LOCKOUT: tests/lockout.test.ts has no test "waits forever"']);
    expect(
      traceProblems([traced({ by: ['machines/gone.machine.ts'], spec: 'waits 3 hours' }), ...others], SPEC, root),
    ).toEqual([
      'S4.LOCKOUT: the spec has no words "waits 3 hours"',
      'S4.LOCKOUT: no file machines/gone.machine.ts',
      'spec line 9 is not traced: - A 429 waits 180 seconds.',
    ]);
  });

  it('npm run trace passes: every statement of the spec traced, each requirement to code that exists and tests that exist', () => {
    const spec = readFileSync(path.join(ROOT, 'trace', 'portal-spec.md'), 'utf8');
    expect(traceProblems(REQUIREMENTS, spec)).toEqual([]);
    expect(statements(spec).length).toBeGreaterThan(170);
  });

  it('docs/trace.md and docs/trace.json are the matrix of trace/requirements.ts (run npm run trace)', () => {
    expect(readFileSync(path.join(ROOT, 'docs', 'trace.md'), 'utf8')).toBe(traceMarkdown(REQUIREMENTS));
    expect(readFileSync(path.join(ROOT, 'docs', 'trace.json'), 'utf8')).toBe(traceJson(REQUIREMENTS));
  });
});
