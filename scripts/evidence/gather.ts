import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LIFECYCLE_STATUSES } from '../../contract/case-lifecycle.machine.ts';
import type { Catalogue, MutationScore, MutationScores, PathCoverage } from '../../contract/flow-catalogue.ts';
import { retention } from '../../server/customers/data-rights/retention.ts';
import { COMPLAINT_ROLE } from '../../server/feedback/complaints.ts';
import { movesOutOf } from '../../server/cases/lifecycle.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FLOWS = path.join(ROOT, 'docs', 'flows');
const read = (...parts: string[]) => readFileSync(path.join(ROOT, ...parts), 'utf8');
const json = <T>(...parts: string[]) => JSON.parse(read(...parts)) as T;

type Said = { en: string; am: string };

export interface MachineEvidence {
  name: string;
  version: string;
  svg: string;
  catalogue: Catalogue;
  coverage: PathCoverage[string] | undefined;
  mutation: MutationScore | undefined;
}

/** A step of a case and who may take it, asked of the lifecycle's own guards. */
export interface RoleRow {
  event: string;
  from: string;
  to: string;
  /** The roles (or `customer`, the case's owner) the machine lets take it, where nothing in the case's history stands in the way. */
  who: string[];
  /** The guard's words: every condition, four eyes included. */
  condition: Said;
}

export interface Evidence {
  date: string;
  commit: string;
  /** The commit's own date (ISO). */
  committed: string;
  /** Files changed since the commit (the pack then describes more than the commit). */
  uncommitted: string[];
  machines: MachineEvidence[];
  mutationDate: string;
  mutationRun: string;
  roles: RoleRow[];
  complaintRole: string;
  /** What the portal keeps and for how long, in both languages. */
  retention: { what: Said; kept: Said }[];
  trace: { id: string; spec: string; by: string[]; tests: string[] }[];
}

/** What git says of the checkout; nothing where the portal was not checked out with git (a copied folder). */
const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trimEnd();
  } catch {
    return '';
  }
};

/** Who may take each step of a case, asked of the lifecycle (server/cases/lifecycle.ts `movesOutOf`), with its guard's words. */
function rolesOf(): RoleRow[] {
  const words = json<{ guards: Record<string, Said> }>('contract', 'case-lifecycle.words.json');
  return LIFECYCLE_STATUSES.flatMap((from) =>
    movesOutOf(from).map((m) => ({
      event: m.type,
      from,
      to: m.to,
      who: m.who,
      condition: words.guards[m.guard] ?? { en: m.guard, am: m.guard },
    })),
  );
}

/** Everything the pack says, read from the commit's own generated files and code: nothing typed for it. */
export function gatherEvidence(now = new Date()): Evidence {
  const versions = json<Record<string, string>>('docs', 'flows', 'versions.json');
  const coverage = json<PathCoverage>('docs', 'flows', 'coverage.json');
  const mutation = json<MutationScores>('docs', 'mutation', 'scores.json');
  return {
    date: now.toISOString(),
    commit: git('rev-parse', 'HEAD') || 'unknown (not a git checkout)',
    committed: git('log', '-1', '--format=%cI'),
    uncommitted: git('status', '--porcelain', '--untracked-files=no').split('\n').filter(Boolean),
    machines: Object.entries(versions).map(([name, version]) => ({
      name,
      version,
      svg: readFileSync(path.join(FLOWS, `${name}.svg`), 'utf8'),
      catalogue: JSON.parse(readFileSync(path.join(FLOWS, `${name}.paths.json`), 'utf8')) as Catalogue,
      coverage: coverage[name],
      mutation: mutation.machines[name],
    })),
    mutationDate: mutation.date,
    mutationRun: mutation.run,
    roles: rolesOf(),
    complaintRole: COMPLAINT_ROLE,
    retention: retention('en').map((en, i) => {
      const am = retention('am')[i]!;
      return { what: { en: en.what, am: am.what }, kept: { en: en.kept, am: am.kept } };
    }),
    trace: json('docs', 'trace.json'),
  };
}
