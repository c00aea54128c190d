import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COVERAGE_JSON, catalogueFiles } from '../../scripts/flows/catalogue-files.ts';
import type { GraphJson } from '../../scripts/flows/crossings.ts';
import { labelCrossings, smallestText } from '../../scripts/flows/crossings.ts';
import {
  EDGE_FONT,
  LAPTOP_WIDTH_PT,
  generateFlows,
  layOut,
  toGraphviz,
  wrapLabel,
} from '../../scripts/flows/diagrams.ts';
import { FLOWS_DIR, KEPT_FLOW_FILES, loadMachines } from '../../scripts/flows/graph.ts';

/** The workflow diagrams (docs/flows): what the machines generate, drawn so that an auditor reads them on a laptop. */
describe('workflow diagrams (docs/flows)', () => {
  it('the committed diagrams are exactly what the machines generate (run `npm run flows`)', async () => {
    const files = await generateFlows();
    // The path catalogues are checked against the paths the model tests play (tests/machines/coverage-setup.ts).
    const catalogues = [COVERAGE_JSON, ...(await loadMachines()).flatMap((m) => catalogueFiles(m.name))];
    expect(
      readdirSync(FLOWS_DIR)
        .filter((f) => !KEPT_FLOW_FILES.includes(f) && !catalogues.includes(f))
        .sort(),
    ).toEqual([...files.keys()].sort());
    for (const file of catalogues) expect(readdirSync(FLOWS_DIR), `${file}: run npm run flows`).toContain(file);
    for (const [name, content] of files)
      expect(readFileSync(path.join(FLOWS_DIR, name), 'utf8'), `${name} is stale: run npm run flows`).toBe(content);
  });

  it('every machine is drawn with its states, guards, delays and invoked actors', async () => {
    const machines = await loadMachines();
    expect(machines.map((m) => m.name)).toEqual(
      expect.arrayContaining(['session', 'lockout', 'divisions', 'login', 'registration', 'apply', 'rating']),
    );
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

  it('every action, guard and delay has a name an auditor can read: no XState internals, no anonymous function', async () => {
    const files = await generateFlows();
    for (const { name } of await loadMachines()) {
      for (const file of [`${name}.mmd`, `${name}.svg`])
        expect(files.get(file), file).not.toMatch(/\binline\b|xstate\.|\(anonymous\)/);
    }
  });

  it('transitions that stay in their state are written inside its box, not drawn as loops over other labels', async () => {
    const files = await generateFlows();
    const svg = files.get('apply.svg') ?? '';
    const editing = /<title>apply_editing<\/title>([\s\S]*?)<\/g>/.exec(svg)?.[1] ?? '';
    expect(editing).toContain('CHANGE_DIVISION');
    expect(editing).toContain('/ changeDivision,');
    expect(svg).not.toMatch(/<title>apply_editing&#45;&gt;apply_editing<\/title>/);
    // An arrow from the review state starts at its cluster, not at a box of its own.
    expect(svg).not.toMatch(/<title>apply_review<\/title>/);
  });
});

describe('diagrams an auditor reads on a laptop', () => {
  it('no line or border crosses a text of any diagram; texts are 12 pt or more; a diagram fits a laptop or is laid out its narrower way', async () => {
    const { instance } = await import('@viz-js/viz');
    const viz = await instance();
    const widths: Record<string, number> = {};
    for (const { name, machine } of await loadMachines()) {
      const way = layOut(viz, machine, name);
      expect(labelCrossings(way.graph), name).toEqual([]);
      expect(smallestText(way.graph), name).toBeGreaterThanOrEqual(EDGE_FONT);
      const other = way.direction === 'LR' ? 'TB' : 'LR';
      const otherWidth = Number(
        (JSON.parse(viz.renderString(toGraphviz(machine, name, other), { format: 'json' })) as GraphJson).bb?.split(
          ',',
        )[2],
      );
      if (way.width > LAPTOP_WIDTH_PT) expect(way.width, name).toBeLessThanOrEqual(otherWidth);
      widths[name] = Math.round(way.width);
    }
    // The widest diagram was 1,683 pt (the lifecycle, left to right, its labels at 9 pt).
    expect(Math.max(...Object.values(widths)), JSON.stringify(widths)).toBeLessThan(1200);
  });

  it('the check finds a line through a text, and a border through it, and lets a line pass beside or an unseen pen', () => {
    const text = {
      op: 'T',
      pt: [100, 100] as [number, number],
      align: 'c' as const,
      width: 60,
      text: 'SUBMIT [valid]',
    };
    const graph = (points: [number, number][], color = '#000000'): GraphJson => ({
      objects: [{ name: 'a', _ldraw_: [{ op: 'F', size: 12 }, text] }],
      edges: [
        {
          tail: 0,
          head: 0,
          _draw_: [
            { op: 'c', color },
            { op: 'b', points },
          ],
        },
      ],
    });
    const through: [number, number][] = [
      [40, 104],
      [80, 104],
      [120, 104],
      [160, 104],
    ];
    const beside: [number, number][] = through.map(([x]) => [x, 130]);
    expect(labelCrossings(graph(through))).toEqual(['"SUBMIT [valid]" crossed by the arrow a -> a']);
    expect(labelCrossings(graph(beside))).toEqual([]);
    expect(labelCrossings(graph(through, '#fffffe00'))).toEqual([]);
    const bordered: GraphJson = {
      objects: [
        { name: 'a', _ldraw_: [{ op: 'F', size: 12 }, text] },
        {
          name: 'cluster_b',
          _draw_: [
            {
              op: 'p',
              points: [
                [90, 0],
                [90, 200],
                [300, 200],
                [300, 0],
              ],
            },
          ],
        },
      ],
    };
    expect(labelCrossings(bordered)).toEqual(['"SUBMIT [valid]" crossed by the border of cluster_b']);
  });

  it("an arrow's label is wrapped: its event and guard, then its actions a few to a line, each line that goes on ending with a comma", () => {
    expect(wrapLabel('REJECT [byStaff] / recordRejection, recordHistory, mailCustomer')).toEqual([
      'REJECT [byStaff]',
      '/ recordRejection,',
      'recordHistory,',
      'mailCustomer',
    ]);
    expect(wrapLabel('RETRY')).toEqual(['RETRY']);
    // A long event and guard: the guard on a line of its own, so that the label stays narrow.
    expect(wrapLabel('VERIFY [leaderVerifies] / recordHistory')).toEqual([
      'VERIFY',
      '[leaderVerifies]',
      '/ recordHistory',
    ]);
  });

  it('draws each transition with a label block of its own, even between the same two states', async () => {
    const svg = readFileSync(path.join(FLOWS_DIR, 'preferences.svg'), 'utf8');
    const blocks = [
      ...svg.matchAll(/<title>(preferences_checkingCode__preferences_enteringCode(?:__\d+)?__label)<\/title>/g),
    ];
    // verifyCode failed [isRateLimited], and verifyCode failed: two blocks, one transition each.
    expect(blocks.map((b) => b[1])).toEqual([
      'preferences_checkingCode__preferences_enteringCode__label',
      'preferences_checkingCode__preferences_enteringCode__2__label',
    ]);
  });
});
