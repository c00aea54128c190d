import { describe, expect, it } from 'vitest';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { GROUPS, scoresOf } from '../../scripts/mutation.ts';

/** `npm run test:mutation` scores each folder and each machine from Stryker's report (issue 37). */
const mutants = (statuses: string[]) =>
  statuses.map((status, i) => ({
    id: String(i),
    mutatorName: 'StringLiteral',
    replacement: '""',
    status,
    location: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
  }));
const file = (statuses: string[]) => ({ language: 'typescript', source: 'x', mutants: mutants(statuses) });

describe('the mutation scores', () => {
  it('per folder and per machine: caught (killed or timed out) of the valid mutants; ignored and errors apart', () => {
    const report = {
      schemaVersion: '2',
      thresholds: { high: 90, low: 80 },
      files: {
        'machines/door.machine.ts': file(['Killed', 'Killed', 'Timeout', 'Survived']),
        'machines/files.ts': file(['Killed', 'NoCoverage', 'Ignored', 'RuntimeError']),
        'contract/rules.ts': file(['Killed', 'Killed', 'Killed', 'Killed', 'Survived']),
        'server/cases/lateness.ts': file(['Killed', 'Survived', 'NoCoverage', 'Killed']),
      },
    } as unknown as MutationTestResult;
    const scores = scoresOf(report, '2026-11-27', 'full');
    expect(scores.date).toBe('2026-11-27');
    expect(scores.folders.machines).toEqual({
      score: 66.7,
      mutants: 6,
      killed: 4,
      survived: 1,
      noCoverage: 1,
      ignored: 1,
    });
    expect(scores.folders.contract).toMatchObject({ score: 80, mutants: 5 });
    expect(scores.folders.server).toMatchObject({ score: 50, mutants: 4, noCoverage: 1 });
    expect(scores.machines).toEqual({
      door: { score: 75, mutants: 4, killed: 3, survived: 1, noCoverage: 0, ignored: 0 },
    });
  });

  it("the floors are never above the issue's targets", () => {
    for (const g of GROUPS) expect(g.floor).toBeLessThanOrEqual(g.target);
  });
});
