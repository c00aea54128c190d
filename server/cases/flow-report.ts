import type { AnyStateNode } from 'xstate';
import { caseLifecycleMachine } from '../../contract/case-lifecycle.machine.ts';
import { DAY_MS, FLOW_REPORT_DAYS } from '../../contract/limits.ts';
import type { FlowCounts } from '../../contract/cases/answers.ts';
import type { Queryable } from '../db/client.ts';
import { FLOW_COUNTS_KEEP_MS } from '../config/tuning.ts';
import { statusChangesSince } from './repository.ts';

/** The history's action for a case being created: from nowhere to the machine's initial state. */
const CREATED = 'created';

/**
 * Every transition of the case lifecycle, as its history records it: a status before and
 * after. Each (from, to) pair is one transition of the machine (a test keeps it so), which
 * is what lets the history's rows be counted per transition without an event column.
 */
export function lifecycleTransitions(): { from: string | null; event: string; to: string }[] {
  const root = caseLifecycleMachine.root;
  const initial = root.initial.target[0] as AnyStateNode;
  const out: { from: string | null; event: string; to: string }[] = [{ from: null, event: CREATED, to: initial.key }];
  for (const state of Object.values(root.states) as AnyStateNode[])
    for (const [event, list] of state.transitions)
      for (const t of list) for (const to of t.target ?? []) out.push({ from: state.key, event, to: to.key });
  return out;
}

/**
 * What a count costs is a scan of the days asked: kept FLOW_COUNTS_KEEP_MS per database and
 * `days`, whoever asks. Per database: the tests' processes hold several, and one database's
 * counts read as another's failed a test whose other file had asked for the same days.
 */
const kept = new WeakMap<Queryable, Map<number, { at: number; counts: FlowCounts }>>();

/**
 * How many times each transition of the case lifecycle was taken in the last `days` days:
 * counts only. A status change the machine does not have (from data older than it) is left out.
 */
export async function lifecycleCounts(q: Queryable, days = FLOW_REPORT_DAYS, now = Date.now()): Promise<FlowCounts> {
  const ofDb = kept.get(q) ?? new Map<number, { at: number; counts: FlowCounts }>();
  kept.set(q, ofDb);
  const hit = ofDb.get(days);
  if (hit && now - hit.at < FLOW_COUNTS_KEEP_MS) return hit.counts;
  const since = new Date(now - days * DAY_MS);
  const rows = await statusChangesSince(q, since, CREATED);
  const counts: FlowCounts = {
    days,
    since: since.toISOString(),
    transitions: lifecycleTransitions().map((t) => ({
      ...t,
      count: rows.find((r) => r.from_status === t.from && r.to_status === t.to)?.n ?? 0,
    })),
  };
  ofDb.set(days, { at: now, counts });
  return counts;
}

/** The counts as the staff command line prints them: one line per transition, the ones never taken marked. */
export function formatCounts(c: FlowCounts): string {
  const width = Math.max(...c.transitions.map((t) => `${t.from ?? '(new)'} · ${t.event} -> ${t.to}`.length));
  return [
    `Case lifecycle: transitions taken in the last ${c.days} days (since ${c.since.slice(0, 10)})`,
    '',
    ...c.transitions.map(
      (t) =>
        `${`${t.from ?? '(new)'} · ${t.event} -> ${t.to}`.padEnd(width)}  ${String(t.count).padStart(6)}${t.count === 0 ? '  never taken' : ''}`,
    ),
  ].join('\n');
}
