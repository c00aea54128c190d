import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { Catalogue, MachineWords } from '../../contract/flow-catalogue.ts';
import {
  COVERAGE_JSON,
  catalogueFiles,
  catalogueOf,
  catalogueToFiles,
  checkWords,
  wordsOf,
} from '../../scripts/flows/catalogue.ts';
import type { FlowShape } from '../../scripts/flows/changes.ts';
import { changeSummary, compareFlows, formatChanges, shapeOf } from '../../scripts/flows/changes.ts';
import { tokensOf } from '../../scripts/flows/reach.ts';
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
import {
  FLOWS_DIR,
  KEPT_FLOW_FILES,
  ROOT,
  SOURCES_ROOT,
  loadMachines,
  machineVersion,
} from '../../scripts/flows/graph.ts';

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
  });
});

describe('the words of the flows, in English and Amharic', () => {
  it('every state, event, guard and action of every machine has a one-line description in both languages, and none is left over', async () => {
    for (const named of await loadMachines()) {
      expect(checkWords(named.machine, wordsOf(named)), named.source).toEqual([]);
      for (const w of Object.values(wordsOf(named)).flatMap((v: object) => ('en' in v ? [v] : Object.values(v))) as {
        en: string;
        am: string;
      }[]) {
        expect(w.am, `${named.name}: "${w.en}" in Amharic is written in Ethiopic`).toMatch(/[\u1200-\u137f]/);
        expect(w.en.length + w.am.length, `${named.name}: "${w.en}" is one line`).toBeLessThan(260);
      }
    }
  });

  const words: MachineWords = {
    machine: { en: 'A form.', am: 'ቅጽ።' },
    start: { en: 'The customer opens the form.', am: 'ደንበኛው ቅጹን ይከፍታል።' },
    states: { editing: { en: 'Typing.', am: 'በመጻፍ ላይ።' }, sent: { en: 'Sent.', am: 'ተልኳል።' } },
    events: { SEND: { en: 'The customer presses Send.', am: 'ደንበኛው ላክ ይጫናል።' }, BACK: { en: 'Back.', am: 'ተመለስ።' } },
    guards: { filled: { en: 'the form is filled', am: 'ቅጹ ከተሞላ' } },
  };
  const form = setup({ guards: { filled: () => true } }).createMachine({
    id: 'form',
    initial: 'editing',
    states: { editing: { on: { SEND: { guard: 'filled', target: 'sent' } } }, sent: { on: { BACK: 'editing' } } },
  });
  const named = { name: 'form', source: 'machines/form.machine.ts', machine: form };

  it('a word missing or left over is named', () => {
    const { SEND: _send, ...events } = words.events;
    expect(checkWords(form, { ...words, events: { ...events, GONE: { en: 'x.', am: 'ሀ።' } } })).toEqual([
      'events.SEND: no description in en and am',
      'events.GONE: the machine has no such event',
    ]);
  });

  it("a step says what its transition's actions do, from the machine's own action words (or the shared ones); a missing one is named", () => {
    const saving = setup({
      guards: { filled: () => true },
      actions: { keepIt: () => undefined, saveDraft: () => undefined },
    }).createMachine({
      id: 'form',
      initial: 'editing',
      states: {
        editing: { on: { SEND: { guard: 'filled', target: 'sent', actions: ['keepIt', 'saveDraft'] } } },
        sent: { on: { BACK: 'editing' } },
      },
    });
    const own = { ...words, actions: { keepIt: { en: 'The form is kept.', am: 'ቅጹ ይቀመጣል።' } } };
    expect(checkWords(saving, words)).toEqual([
      'actions.keepIt: no description in en and am (here or in machines/actions.words.json)',
    ]);
    expect(checkWords(saving, own)).toEqual([]); // saveDraft: the shared words
    expect(checkWords(saving, { ...own, actions: { ...own.actions, gone: own.actions.keepIt } })).toEqual([
      'actions.gone: the machine has no such action',
    ]);
    const send = { transition: 'editing --SEND#0', to: ['sent'] };
    const catalogue = catalogueOf({ ...named, machine: saving }, own, [
      {
        test: 'a.test.ts › t',
        shortest: { states: { editing: [], sent: [send] }, transitions: { 'editing --SEND#0': [send] } },
      },
    ]);
    const entry = catalogue.entries.find((e) => e.title === 'editing · SEND [filled] -> sent');
    expect(entry?.text.en.about).toBe(
      'The customer presses Send. When the form is filled. The form is kept. What is typed is kept as a draft in this tab.',
    );
    expect(entry?.text.am.steps[1]).toBe('ቅጹ ከተሞላ፣ ደንበኛው ላክ ይጫናል። ቅጹ ይቀመጣል። የተጻፈው በዚህ ትር ውስጥ እንደ ረቂቅ ይቀመጣል። → sent');
  });

  it('the catalogue writes the shortest played path to each state and transition as numbered steps, with its test; a gap is named', () => {
    const send = { transition: 'editing --SEND#0', to: ['sent'] };
    const played = [
      {
        test: 'b.test.ts › long',
        shortest: { states: { editing: [], sent: [send, send] }, transitions: { 'editing --SEND#0': [send, send] } },
      },
      {
        test: 'a.test.ts › short',
        shortest: {
          states: { editing: [], sent: [send] },
          transitions: { 'editing --SEND#0': [send] },
          paths: { states: { editing: 1, sent: 2 }, transitions: { 'editing --SEND#0': 2 } },
        },
      },
    ];
    const catalogue = catalogueOf(named, words, played);
    expect(catalogue.missing).toEqual(['transition sent · BACK -> editing']);
    const sent = catalogue.entries.find((e) => e.title === 'sent');
    expect(sent).toMatchObject({ kind: 'state', test: 'a.test.ts › short › path 2' });
    expect(sent?.text.en.steps).toEqual([
      'The customer opens the form.',
      'The customer presses Send. When the form is filled. → sent',
    ]);
    expect(sent?.text.am.steps).toEqual(['ደንበኛው ቅጹን ይከፍታል።', 'ቅጹ ከተሞላ፣ ደንበኛው ላክ ይጫናል። → sent']);
    const md = catalogueToFiles('form', catalogue).get('form.md') ?? '';
    expect(md).toContain('#### 3. `editing · SEND [filled] -> sent`');
    expect(md).toContain('2. The customer presses Send. When the form is filled. → sent');
    expect(md).toContain('የሚፈትነው: `a.test.ts › short › path 2`');
  });

  it('no two transitions out of the same state read the same, in either language (an unguarded branch says the guards it is taken without)', () => {
    const same: string[] = [];
    for (const file of readdirSync(FLOWS_DIR).filter((f) => f.endsWith('.paths.json'))) {
      const { entries } = JSON.parse(readFileSync(path.join(FLOWS_DIR, file), 'utf8')) as Catalogue;
      const seen = new Map<string, string>();
      for (const e of entries.filter((x) => x.kind === 'transition'))
        for (const lang of ['en', 'am'] as const) {
          const key = `${e.title.split(' · ')[0]} ${lang} ${e.text[lang].about}`;
          const other = seen.get(key);
          if (other) same.push(`${file}: ${other} and ${e.title} read "${e.text[lang].about}"`);
          seen.set(key, e.title);
        }
      expect(entries.length, file).toBeGreaterThan(0);
    }
    expect(same).toEqual([]);
    const apply = readFileSync(path.join(FLOWS_DIR, 'apply.md'), 'utf8');
    expect(apply).toMatch(
      /^#### \d+\. `loading · loadOptions failed -> failed`\n\nLoading the application form fails\. Unless the server answers that there were too many requests\./m,
    );
  });

  it('every transition entry ends with the step of that transition, as the actor took it, in both languages (issue 49)', () => {
    const wrong: string[] = [];
    for (const file of readdirSync(FLOWS_DIR).filter((f) => f.endsWith('.paths.json'))) {
      const { entries } = JSON.parse(readFileSync(path.join(FLOWS_DIR, file), 'utf8')) as Catalogue;
      for (const e of entries.filter((x) => x.kind === 'transition'))
        for (const lang of ['en', 'am'] as const) {
          const { about, steps } = e.text[lang];
          if (!steps.at(-1)?.startsWith(`${about} → `))
            wrong.push(`${file} ${e.title} (${lang}): ends with "${steps.at(-1)}", not "${about}"`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it('the case lifecycle lists every move it refuses, with its reason and its test: a second appeal, a late one, a staff-only move', () => {
    const c = JSON.parse(readFileSync(path.join(FLOWS_DIR, 'case-lifecycle.paths.json'), 'utf8')) as Catalogue;
    const refused = c.entries.filter((e) => e.kind === 'refused');
    // Every status is listed; a rejected case twice: before its one appeal and after it.
    expect(refused.map((e) => e.title.split(' · ')[0]).sort()).toEqual([
      'appealed',
      'info_requested',
      'ongoing',
      'pending',
      'rejected',
      'rejected',
      'responded',
      'verified',
      'withdrawn',
    ]);
    const lines = (lang: 'en' | 'am') => refused.flatMap((e) => e.text[lang].refused ?? []);
    expect(lines('en')).toContain(
      "`APPEAL`, asked by the case's owner: a case is appealed once at most, and this one has been.",
    );
    expect(lines('en')).toContain(
      "`APPEAL`, asked by the case's owner more than 30 days after the rejection: the 30 days for an appeal after the rejection are over.",
    );
    expect(lines('en')).toContain(
      "`START`, `REJECT`, asked by the case's owner: only a staff member may take this step.",
    );
    expect(lines('am').length).toBe(lines('en').length);
    for (const e of refused) {
      expect(e.test).toMatch(/^tests\/machines\/case-lifecycle\.test\.ts › .+ › path \d+$/);
      // 11 events, asked by three people, appeals also late: 36 asked in each status, the allowed ones aside.
      expect(e.text.en.refused!.join(' ').match(/`[A-Z_]+`/g)!.length).toBe(Number(/refuses (\d+)/.exec(e.title)![1]));
    }
  });

  it('a path that starts from something given (a stored session, a remembered wait) says it first, in both languages', () => {
    const send = { transition: 'editing --SEND#0', to: ['sent'] };
    const given = {
      ...words,
      starts: { kept: { en: 'A draft of the form is kept in this tab.', am: 'የቅጹ ረቂቅ በዚህ ትር ውስጥ ተቀምጧል።' } },
    };
    const played = [
      {
        test: 'a.test.ts › kept',
        start: 'kept',
        shortest: { states: { editing: [], sent: [send] }, transitions: { 'editing --SEND#0': [send] } },
      },
    ];
    const sent = catalogueOf(named, given, played).entries.find((e) => e.title === 'sent');
    expect(sent?.text.en.steps).toEqual([
      'A draft of the form is kept in this tab.',
      'The customer opens the form.',
      'The customer presses Send. When the form is filled. → sent',
    ]);
    expect(sent?.text.am.steps[0]).toBe('የቅጹ ረቂቅ በዚህ ትር ውስጥ ተቀምጧል።');
    // A start the words do not describe is named, not left out.
    expect(() => catalogueOf(named, words, played)).toThrow(/starting conditions kept/);
    expect(checkWords(form, { ...given, starts: { kept: { en: 'Kept.', am: ' ' } } })).toEqual([
      'starts.kept: no description in en and am',
    ]);
  });
});

describe('machine versions', () => {
  const draft = (guard: string) =>
    setup({ guards: { [guard]: () => true } }).createMachine({
      id: 'draft',
      initial: 'editing',
      states: { editing: { on: { SEND: { guard, target: 'sent' } } }, sent: { type: 'final' } },
    });

  it('is the same for the same flow, and changes with a guard, a target or a delay', () => {
    expect(machineVersion(draft('filled'))).toMatch(/^[0-9a-f]{8}$/);
    expect(machineVersion(draft('filled'))).toBe(machineVersion(draft('filled')));
    expect(machineVersion(draft('complete'))).not.toBe(machineVersion(draft('filled')));
    const retarget = setup({ guards: { filled: () => true } }).createMachine({
      id: 'draft',
      initial: 'editing',
      states: { editing: { on: { SEND: { guard: 'filled', target: 'editing' } } }, sent: { type: 'final' } },
    });
    expect(machineVersion(retarget)).not.toBe(machineVersion(draft('filled')));
    const timed = (ms: number) =>
      setup({ delays: { WAIT: ms } }).createMachine({
        id: 't',
        initial: 'a',
        states: { a: { after: { WAIT: 'b' } }, b: {} },
      });
    expect(machineVersion(timed(1000))).not.toBe(machineVersion(timed(2000)));
  });

  it('is printed on each diagram, in the README and in versions.json for /flows', async () => {
    const files = await generateFlows();
    const machines = await loadMachines();
    const versions = JSON.parse(files.get('versions.json') ?? '{}') as Record<string, string>;
    for (const { name, machine } of machines) {
      const version = machineVersion(machine);
      expect(versions[name]).toBe(version);
      expect(files.get(`${name}.svg`)).toContain(`version ${version}`);
      expect(files.get(`${name}.mmd`)).toContain(`title: ${machine.id}, version ${version}`);
      expect(files.get('README.md')).toContain(`| [${name}](#${name}) | \`${version}\` | [${name}.md](${name}.md) |`);
    }
  });
});

describe('the code a version reads (issue 49)', () => {
  it('reads tokens: layout and a trailing comma are left out; a string, a template and a regular expression keep their spaces', () => {
    const read = (code: string) => tokensOf(code).join(' ');
    expect(read('f([\n  a,\n  b,\n], { c: 1, })')).toBe(read('f([a, b], { c: 1 })'));
    expect(read('`a  ${x}  b`')).not.toBe(read('`a ${x} b`'));
    expect(read('`${ { a: 1 }.a }, }`')).toBe('`${ { a : 1 } . a }, }`');
    expect(read('x = /a ,]/g.test(y)')).not.toBe(read('x = /a]/g.test(y)'));
    expect(read('x = a / b / c')).toBe('x = a / b / c');
    expect(read("s = 'a  b'")).not.toBe(read("s = 'a b'"));
  });
});

describe('what changed between two releases', () => {
  it('CHANGES.md has an entry for the versions of this release: every version versions.json names is the "after" of one', () => {
    const changes = readFileSync(path.join(FLOWS_DIR, 'CHANGES.md'), 'utf8');
    const versions = JSON.parse(readFileSync(path.join(FLOWS_DIR, 'versions.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(versions).length).toBeGreaterThan(10);
    const missing = Object.entries(versions)
      .filter(
        ([name, version]) =>
          !changes.includes(`### ${name}: `) || !new RegExp(`^### ${name}: \\S+ -> ${version}$`, 'm').test(changes),
      )
      .map(([name, version]) => `${name} ${version}`);
    expect(missing, "run npm run flows -- --since <the last entry's ref> --markdown and add an entry").toEqual([]);
  });

  it('every CHANGES.md entry names the refs it compared and its day, then the summary the report wrote (issue 49)', () => {
    const changes = readFileSync(path.join(FLOWS_DIR, 'CHANGES.md'), 'utf8');
    const entries = changes.split(/^(?=## )/m).slice(1);
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      const [heading, , summary] = entry.split('\n');
      expect(heading, heading).toMatch(/^## .+, from `\w+` to `\w+` \(\d{4}-\d{2}-\d{2}\)$/);
      const counts =
        '\\d+ machines? changed only in the code they run|\\d+ versions? moved only with the way versions are computed';
      expect(summary, heading).toMatch(
        new RegExp(
          `^(No machine changed\\.|(No flow changed|\\d+ flows? changed \\([\\w, -]+\\))(\\.|(; (${counts}))+\\.))$`,
        ),
      );
    }
  });

  const form = (offline: boolean) =>
    setup({ guards: { isOffline: () => true }, actions: { clearForm: () => undefined } }).createMachine({
      id: 'form',
      initial: 'editing',
      states: {
        editing: { on: { SUBMIT: 'submitting' } },
        submitting: {
          on: offline
            ? { FAIL: [{ guard: 'isOffline', target: 'kept' }, { target: 'editing' }] }
            : { FAIL: 'editing', DONE: 'editing' },
        },
        ...(offline ? { kept: { entry: 'clearForm' } } : {}),
      },
    });

  it('lists the states and transitions added, removed and changed, with the versions before and after', () => {
    const before = new Map([['form', shapeOf(form(false))]]);
    const after = new Map([['form', shapeOf(form(true))]]);
    const [change, ...rest] = compareFlows(before, after);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({
      name: 'form',
      before: machineVersion(form(false)),
      after: machineVersion(form(true)),
      statesAdded: ['kept'],
      statesRemoved: [],
    });
    expect(change?.added).toEqual(['submitting · FAIL [isOffline] -> kept']);
    expect(change?.removed).toEqual(['submitting · DONE -> editing']);
    expect(compareFlows(after, after)).toEqual([]);
    const range = { from: 'v1', to: 'v2', date: '2026-11-27' };
    const text = formatChanges([change!], range, false);
    expect(text).toContain('Workflow changes from v1 to v2 (2026-11-27)');
    expect(text).toContain('1 flow changed (form).');
    expect(text).toContain(`form: ${machineVersion(form(false))} -> ${machineVersion(form(true))}`);
    expect(text).toContain('  + state kept');
    const md = formatChanges([change!], { ...range, title: 'Issue 1' }, true);
    expect(md).toContain('## Issue 1, from `v1` to `v2` (2026-11-27)\n\n1 flow changed (form).\n');
    expect(md).toContain('- + `submitting · FAIL [isOffline] -> kept`');
    expect(formatChanges([], range, false)).toContain('No machine changed.');
    // A version moved by the code alone is said so by the report, not by hand.
    const codeOnly = {
      ...change!,
      statesAdded: [],
      added: [],
      removed: [],
      code: ['~ isOffline (machines/api-failure.ts)'],
    };
    expect(changeSummary([codeOnly])).toBe('No flow changed; 1 machine changed only in the code they run.');
    expect(changeSummary([change!, { ...codeOnly, name: 'other' }])).toBe(
      '1 flow changed (form); 1 machine changed only in the code they run.',
    );
    // A version the old ref published another way: listed with it, though nothing else changed.
    const same = new Map([['form', shapeOf(form(false))]]);
    const [anew, ...none] = compareFlows(same, same, { form: 'published' });
    expect(none).toEqual([]);
    expect(anew).toMatchObject({ before: 'published', after: machineVersion(form(false)), code: [], added: [] });
    expect(changeSummary([anew!])).toBe('No flow changed; 1 version moved only with the way versions are computed.');
    expect(formatChanges([anew!], range, true)).toContain(
      `- ~ \`version published as published; ${machineVersion(form(false))} as computed today\``,
    );
    expect(compareFlows(same, same, { form: machineVersion(form(false)) })).toEqual([]);
  });

  it("changes a machine's version when the code of its guard changes, or of a contract rule it calls; not for a comment or its words", async () => {
    // Three copies of the machines and the contract, as `--since` unpacks a ref (a module loads once per path).
    const base = mkdtempSync(path.join(ROOT, '.flows-since-test-'));
    const copy = (name: string, edit: (dir: string) => void) => {
      const dir = path.join(base, name);
      for (const folder of ['machines', 'contract'])
        cpSync(path.join(SOURCES_ROOT, folder), path.join(dir, folder), { recursive: true });
      edit(dir);
      return dir;
    };
    const rewrite = (file: string, from: string, to: string) => {
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(from);
      writeFileSync(file, text.replace(from, to));
    };
    try {
      const same = copy('same', () => undefined);
      const guard = copy('guard', (dir) =>
        rewrite(
          path.join(dir, 'machines', 'lockout.machine.ts'),
          'lastTick: ({ context }) => context.remaining <= 1,',
          'lastTick: ({ context }) => context.remaining <= 2,',
        ),
      );
      const rule = copy('rule', (dir) =>
        rewrite(
          path.join(dir, 'contract', 'rules.ts'),
          "d.status === ACTIVE && d.special === 'no'",
          'd.status === ACTIVE',
        ),
      );
      // Issue 49: a rule only the case-step machine runs moves its version alone.
      const stepRule = copy('step-rule', (dir) =>
        rewrite(
          path.join(dir, 'contract', 'rules.ts'),
          "return kind === 'withdraw' ? null : 'required';",
          "return kind !== 'answer' ? null : 'required';",
        ),
      );
      // Issue 49: what a session leaves in the tab and what a rejection needs are the machines' own.
      const storage = copy('storage', (dir) =>
        rewrite(path.join(dir, 'machines', 'session-storage.ts'), '  store.clear();\n', ''),
      );
      const justification = copy('justification', (dir) =>
        rewrite(
          path.join(dir, 'contract', 'case-lifecycle.machine.ts'),
          'reasoned: ({ event }) => !!event.reason?.trim(),',
          'reasoned: () => true,',
        ),
      );
      const failure = copy('failure', (dir) =>
        rewrite(path.join(dir, 'machines', 'api-failure.ts'), 'status === 0 || status >= 500', 'status >= 500'),
      );
      // A formatter's work (lines joined, a trailing comma gone) is no change of what runs.
      const layout = copy('layout', (dir) =>
        rewrite(
          path.join(dir, 'machines', 'session.machine.ts'),
          "actions: [{ type: 'clearToken', params: keptFor }, { type: 'forgetKept', params: keptFor }, 'forget', 'goHome'],",
          "actions: [\n    { type: 'clearToken', params: keptFor },\n    { type: 'forgetKept', params: keptFor },\n    'forget',\n    'goHome',\n  ],",
        ),
      );
      const words = copy('words', (dir) => {
        rewrite(
          path.join(dir, 'machines', 'lockout.machine.ts'),
          '  guards: {',
          '  // A comment an auditor never reads.\n  guards: {',
        );
        const file = path.join(dir, 'machines', 'lockout.words.json');
        const json = JSON.parse(readFileSync(file, 'utf8')) as { machine: { en: string } };
        json.machine.en += ' Reworded.';
        writeFileSync(file, JSON.stringify(json));
      });
      const shapes = async (dir: string) =>
        new Map((await loadMachines(dir)).map((m) => [m.name, shapeOf(m.machine)] as const));
      const before = await shapes(same);
      const [byGuard, byRule, byWords, byStepRule, byFailure, byStorage, byJustification, byLayout] =
        (await Promise.all([guard, rule, words, stepRule, failure, storage, justification, layout].map(shapes))) as [
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
        ];
      const changed = (after: Map<string, FlowShape>) => compareFlows(before, after);
      expect(changed(byWords)).toEqual([]);
      expect(changed(byLayout)).toEqual([]);
      expect(changed(byGuard).map((c) => [c.name, c.added, c.removed, c.changed, c.code])).toEqual([
        ['lockout', [], [], [], ['~ lockoutMachine (machines/lockout.machine.ts)']],
      ]);
      // The rule is the contract's: every machine that runs it changes, and no other.
      const byRuleChanges = changed(byRule);
      expect(byRuleChanges.map((c) => c.name)).toEqual(
        [...before].filter(([, shape]) => 'isOpenDivision (contract/rules.ts)' in shape.code).map(([name]) => name),
      );
      for (const c of byRuleChanges) expect(c.code).toEqual(['~ isOpenDivision (contract/rules.ts)']);
      expect(changed(byStepRule).map((c) => [c.name, c.code])).toEqual([
        ['case-step', ['~ stepTextProblem (contract/rules.ts)']],
      ]);
      expect(changed(byStorage).map((c) => [c.name, c.code])).toEqual([
        ['session', ['~ endSession (machines/session-storage.ts)']],
      ]);
      expect(changed(byJustification).map((c) => [c.name, c.code])).toEqual([
        ['case-lifecycle', ['~ caseLifecycleMachine (contract/case-lifecycle.machine.ts)']],
      ]);
      // A shared guard moves the machines that call it, and names itself.
      const byFailureChanges = changed(byFailure);
      expect(byFailureChanges.length).toBeGreaterThan(1);
      expect(byFailureChanges.length).toBeLessThan(before.size);
      for (const c of byFailureChanges) expect(c.code).toEqual(['~ isServerFailure (machines/api-failure.ts)']);
      expect(formatChanges(changed(byGuard), { from: 'v1', to: 'v2', date: '2026-11-27' }, true)).toContain(
        '- ~ `lockoutMachine (machines/lockout.machine.ts)`',
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('an older release’s machines load even when they import a package the project no longer has', async () => {
    const dir = mkdtempSync(path.join(ROOT, '.flows-since-test-'));
    try {
      mkdirSync(path.join(dir, 'machines'));
      mkdirSync(path.join(dir, 'contract'));
      writeFileSync(
        path.join(dir, 'machines', 'old.machine.ts'),
        [
          "import { gone, type Gone } from 'a-package-long-removed';",
          "import { setup } from 'xstate';",
          'export const decode = (t: Gone) => gone(t);',
          "export const oldMachine = setup({}).createMachine({ id: 'old', initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } });",
        ].join('\n'),
      );
      // As `npm run flows -- --since` loads them: in Node itself, whose module hooks do the stubbing.
      const read = (stub: boolean) =>
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `${stub ? `(await import(${JSON.stringify(path.join(ROOT, 'scripts', 'flows-since-hooks.ts'))})).stubMissingPackages(${JSON.stringify(dir)});` : ''}
             const { loadMachines } = await import(${JSON.stringify(path.join(ROOT, 'scripts', 'flows', 'graph.ts'))});
             const { shapeOf } = await import(${JSON.stringify(path.join(ROOT, 'scripts', 'flows', 'changes.ts'))});
             const [old] = await loadMachines(${JSON.stringify(dir)});
             console.log(shapeOf(old.machine).transitions.get('a · GO'));`,
          ],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        ).trim();
      expect(() => read(false)).toThrow(/a-package-long-removed/);
      expect(read(true)).toBe('-> b');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('`npm run flows -- --since <ref>` compares with the machines of that ref: none changed since HEAD', () => {
    const day = () => new Date().toISOString().slice(0, 10);
    const before = day();
    const out = execFileSync(
      process.execPath,
      [path.join(import.meta.dirname, '..', '..', 'scripts', 'flows.ts'), '--since', 'HEAD'],
      { encoding: 'utf8' },
    );
    // The machines as committed (in CI, always): nothing changed. A working copy with edits lists them, and says so.
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const edited =
      execFileSync('git', ['status', '--porcelain', '--', 'machines', 'contract'], { encoding: 'utf8' }).trim() !== '';
    const span = `Workflow changes from ${head} to ${edited ? `${head} with uncommitted changes` : head}`;
    // The day it ran (a run across midnight may say either).
    expect(
      [`${span} (${before})`, `${span} (${day()})`].some((line) => out.includes(line)),
      out,
    ).toBe(true);
    if (!edited) expect(out).toContain('No machine changed.');
  });
});
