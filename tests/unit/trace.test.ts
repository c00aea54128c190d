import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sentences, statements } from '../../scripts/spec-statements.ts';
import { declarations, traceJson, traceMarkdown, traceProblems } from '../../scripts/trace.ts';
import { ROOT } from '../../scripts/flows/graph.ts';
import type { Requirement } from '../../trace/requirement.ts';
import { REQUIREMENTS } from '../../trace/requirements.ts';

/** `npm run trace` (issues 36 and 49): the spec's sentences, each quoted whole and traced to code and tests. */
const SPEC = [
  '# Spec',
  '## 1. Intro',
  '- Not traced: section 1.',
  '## 3. Entities',
  '- **Session**: a token under the key tID. Its payload holds an exp claim.',
  '## 4. States',
  '**Lockout**',
  '| Status | Badge |',
  '|---|---|',
  '| pending | grey |',
  '- A 429 waits 180 seconds. The button is replaced meanwhile.',
  '**Logout**: the user goes to /.',
  '## 5. Validation',
  '**Reset**: a mismatch is shown. The request is still sent afterwards.',
  '**Lookup**: an empty number is refused. The request is still sent afterwards.',
  '## 10. Appendix',
  '- Not traced: section 10.',
].join('\n');

const LOCKOUT_MACHINE = `
import { setup } from 'xstate';
import { LOCKOUT_SECONDS } from './limits.ts';
export const lockoutMachine = setup({ actions: { start: () => undefined } }).createMachine({
  states: { open: {}, locked: { states: { counting: {} } } },
});
`;

describe('the sentences of a bullet or paragraph', () => {
  it('end at a point, a question or an exclamation mark followed by a capital letter', () => {
    expect(sentences('Languages: En, Am. The default is Am! Is it? Yes.')).toEqual([
      'Languages: En, Am.',
      'The default is Am!',
      'Is it?',
      'Yes.',
    ]);
    expect(sentences('Only one sentence, no point at the end')).toEqual(['Only one sentence, no point at the end']);
  });

  it('not after an abbreviation, inside a number, a file name or an address', () => {
    expect(sentences('Labels, e.g. Amharic ones, count. The limit is 3.5 MB per file.')).toEqual([
      'Labels, e.g. Amharic ones, count.',
      'The limit is 3.5 MB per file.',
    ]);
    expect(sentences('It offers CUSTOMERLATEST.pdf. See www.example.org/a.b for it. Mr. Abebe answers.')).toEqual([
      'It offers CUSTOMERLATEST.pdf.',
      'See www.example.org/a.b for it.',
      'Mr. Abebe answers.',
    ]);
    expect(sentences('Ask i.e. Tigist. Done.')).toEqual(['Ask i.e. Tigist.', 'Done.']);
  });

  it('not inside quotes, but where a quote that ends a sentence closes; an apostrophe is no quote', () => {
    expect(sentences("A toast 'Too many attempts. Please try again later.' is shown. Then it closes.")).toEqual([
      "A toast 'Too many attempts. Please try again later.' is shown.",
      'Then it closes.',
    ]);
    expect(sentences("The message 'Please wait 3 minutes before retrying.' After it, the screen returns.")).toEqual([
      "The message 'Please wait 3 minutes before retrying.'",
      'After it, the screen returns.',
    ]);
    expect(
      sentences("The message 'Please wait 3 minutes.' (also in Amharic) replaces the page. Clicking goes on."),
    ).toEqual(["The message 'Please wait 3 minutes.' (also in Amharic) replaces the page.", 'Clicking goes on.']);
    expect(sentences('Otherwise the message "password don\'t match". The customer\'s name shows.')).toEqual([
      'Otherwise the message "password don\'t match".',
      "The customer's name shows.",
    ]);
    expect(sentences("Label texts: 'We couldn't find the page you are looking for.', 'No cases'. Next.")).toEqual([
      "Label texts: 'We couldn't find the page you are looking for.', 'No cases'.",
      'Next.',
    ]);
  });
});

describe('the specification traced', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'trace-'));
  for (const dir of ['tests', 'machines', 'contract', path.join('docs', 'decisions')])
    mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, 'machines', 'lockout.machine.ts'), LOCKOUT_MACHINE);
  writeFileSync(path.join(root, 'machines', 'wait.css'), '.wait {}\n');
  writeFileSync(path.join(root, 'contract', 'limits.ts'), "export const SESSION_STORAGE_KEY = 'tID';\n");
  writeFileSync(
    path.join(root, 'docs', 'decisions', '0005-form-behaviour.md'),
    '# 0005\n\n## Decision\n> Not a list of departures.\n\n## Departs from the spec\n> The request is still sent afterwards.\n',
  );
  writeFileSync(
    path.join(root, 'tests', 'lockout.test.ts'),
    "it('waits 180 seconds', () => {}); // spec: S4.LOCKOUT\n",
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const traced = (over: Partial<Requirement> = {}): Requirement => ({
    id: 'S4.LOCKOUT',
    spec: 'A 429 waits 180 seconds. The button is replaced meanwhile.',
    by: ['machines/lockout.machine.ts locked, start'],
    tests: ['tests/lockout.test.ts › waits 180 seconds'],
    ...over,
  });
  const others: Requirement[] = [
    {
      ...traced(),
      id: 'S3.SESSION',
      spec: '**Session**: a token under the key tID.',
      by: ['contract/limits.ts SESSION_STORAGE_KEY'],
    },
    { ...traced(), id: 'S3.SESSION.CLAIMS', spec: 'Its payload holds an exp claim.' },
    { ...traced(), id: 'S4.BADGE', spec: '| pending | grey |' },
    { ...traced(), id: 'S4.LOGOUT', spec: '**Logout**: the user goes to /.' },
    {
      ...traced(),
      id: 'S5.RESET',
      spec: '**Reset**: a mismatch is shown. The request is still sent afterwards.',
      departure: 'docs/decisions/0005-form-behaviour.md',
    },
    {
      ...traced(),
      id: 'S5.LOOKUP',
      spec: '**Lookup**: an empty number is refused. The request is still sent afterwards.',
      departure: 'docs/decisions/0005-form-behaviour.md',
    },
  ];
  const without = (id: string) => others.filter((r) => r.id !== id);

  it("reads the sentences of sections 2 to 9, 3 among them: a table's rows whole, bullets and paragraphs sentence by sentence", () => {
    expect(statements(SPEC).map((s) => [s.line, s.text])).toEqual([
      [5, '**Session**: a token under the key tID.'],
      [5, 'Its payload holds an exp claim.'],
      [10, '| pending | grey |'],
      [11, 'A 429 waits 180 seconds.'],
      [11, 'The button is replaced meanwhile.'],
      [12, '**Logout**: the user goes to /.'],
      [14, '**Reset**: a mismatch is shown.'],
      [14, 'The request is still sent afterwards.'],
      [15, '**Lookup**: an empty number is refused.'],
      [15, 'The request is still sent afterwards.'],
    ]);
    for (const s of statements(SPEC)) expect(SPEC.slice(s.at, s.at + s.text.length)).toBe(s.text);
  });

  it('passes when every sentence is quoted whole and traced to declarations and tests that exist', () => {
    expect(traceProblems([traced(), ...others], SPEC, root)).toEqual([]);
  });

  it('reports a quote of part of a sentence, and the sentence it leaves untraced', () => {
    expect(traceProblems([traced({ spec: 'A 429 waits 180 seconds. The button' }), ...others], SPEC, root)).toEqual([
      'S4.LOCKOUT: "A 429 waits 180 seconds. The button" begins or ends inside a sentence: quote whole sentences of sections 2 to 9',
      'spec line 11 is not traced: A 429 waits 180 seconds.',
      'spec line 11 is not traced: The button is replaced meanwhile.',
    ]);
    // The first sentence whole traces it; the second is still left.
    expect(traceProblems([traced({ spec: 'A 429 waits 180 seconds.' }), ...others], SPEC, root)).toEqual([
      'spec line 11 is not traced: The button is replaced meanwhile.',
    ]);
  });

  it('reports a section 3 sentence no requirement quotes, and a sentence quoted without saying where', () => {
    expect(traceProblems([traced(), ...without('S3.SESSION.CLAIMS')], SPEC, root)).toEqual([
      'spec line 5 is not traced: Its payload holds an exp claim.',
    ]);
    const twice = { ...traced(), id: 'S5.STILL_SENT', spec: 'The request is still sent afterwards.' };
    expect(traceProblems([traced(), ...others, twice], SPEC, root)).toEqual([
      'S5.STILL_SENT: "The request is still sent afterwards." is in the spec 2 times: quote enough to say which',
      'S5.STILL_SENT: quotes a sentence docs/decisions/0005-form-behaviour.md departs from: name it as its departure',
    ]);
  });

  it('reports a `by` naming what its file does not declare, a file alone, a folder and a file that is not there', () => {
    expect(
      traceProblems(
        [traced({ by: ['machines/lockout.machine.ts lockoutMachine, openDivisions, LOCKOUT_SECONDS'] }), ...others],
        SPEC,
        root,
      ),
    ).toEqual([
      'S4.LOCKOUT: machines/lockout.machine.ts declares no openDivisions',
      // Imported there, declared elsewhere.
      'S4.LOCKOUT: machines/lockout.machine.ts declares no LOCKOUT_SECONDS',
    ]);
    expect(
      traceProblems(
        [
          traced({
            by: [
              'machines/lockout.machine.ts',
              'machines',
              'machines/gone.machine.ts locked',
              'machines/wait.css locked',
            ],
          }),
          ...others,
        ],
        SPEC,
        root,
      ),
    ).toEqual([
      'S4.LOCKOUT: machines/lockout.machine.ts alone: name what in it implements this',
      'S4.LOCKOUT: no file machines',
      'S4.LOCKOUT: no file machines/gone.machine.ts',
      // A stylesheet declares nothing the trace can read: it is named whole.
      'S4.LOCKOUT: machines/wait.css declares nothing to name: name the file alone',
    ]);
    expect(traceProblems([traced({ by: ['machines/wait.css'] }), ...others], SPEC, root)).toEqual([]);
  });

  it('reports a departure its record does not list, and a sentence a record departs from traced without it', () => {
    const { departure: _, ...followed } = others.find((r) => r.id === 'S5.RESET')!;
    expect(traceProblems([traced(), ...without('S5.RESET'), followed], SPEC, root)).toEqual([
      'S5.RESET: quotes a sentence docs/decisions/0005-form-behaviour.md departs from: name it as its departure',
    ]);
    expect(
      traceProblems([traced({ departure: 'docs/decisions/0005-form-behaviour.md' }), ...others], SPEC, root),
    ).toEqual(['S4.LOCKOUT: docs/decisions/0005-form-behaviour.md departs from none of the sentences it quotes']);
    expect(traceProblems([traced({ departure: 'docs/decisions/0009-none.md' }), ...others], SPEC, root)).toContain(
      'S4.LOCKOUT: no decision record docs/decisions/0009-none.md',
    );
    writeFileSync(
      path.join(root, 'docs', 'decisions', '0006-more.md'),
      '# 0006\n\n## Departs from the spec\n> The request is still sent after.\n',
    );
    expect(traceProblems([traced(), ...others], SPEC, root)).toEqual([
      `docs/decisions/0006-more.md: "The request is still sent after." is no sentence of the spec's sections 2 to 9`,
    ]);
    rmSync(path.join(root, 'docs', 'decisions', '0006-more.md'));
  });

  it('fails on a requirement without a test, a test that is not there, a tag of no requirement', () => {
    expect(traceProblems(without('S4.BADGE'), SPEC, root)).toEqual([
      'spec line 10 is not traced: | pending | grey |',
      'spec line 11 is not traced: A 429 waits 180 seconds.',
      'spec line 11 is not traced: The button is replaced meanwhile.',
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
    expect(traceProblems([traced({ spec: 'waits 3 hours', id: 'S4' }), ...others], SPEC, root)).toEqual([
      'S4: not an identifier S<section>.AREA.WHAT',
      'S4: the spec has no words "waits 3 hours"',
      'spec line 11 is not traced: A 429 waits 180 seconds.',
      'spec line 11 is not traced: The button is replaced meanwhile.',
      'tests/lockout.test.ts names S4.LOCKOUT, which is no requirement',
    ]);
  });

  it('npm run trace passes: every sentence of the spec quoted whole, each requirement to declarations and tests that exist', () => {
    const spec = readFileSync(path.join(ROOT, 'trace', 'portal-spec.md'), 'utf8');
    expect(traceProblems(REQUIREMENTS, spec)).toEqual([]);
    expect(statements(spec).length).toBeGreaterThan(300);
    // Sections 3, 6 and 7 are traced too.
    for (const section of ['S3.', 'S6.', 'S7.']) expect(REQUIREMENTS.some((r) => r.id.startsWith(section))).toBe(true);
  });

  it('docs/trace.md and docs/trace.json are the matrix of trace/requirements.ts (run npm run trace)', () => {
    expect(readFileSync(path.join(ROOT, 'docs', 'trace.md'), 'utf8')).toBe(traceMarkdown(REQUIREMENTS));
    expect(readFileSync(path.join(ROOT, 'docs', 'trace.json'), 'utf8')).toBe(traceJson(REQUIREMENTS));
  });
});

describe('what a file declares, as a requirement names it', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'declared-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const declared = (name: string, text: string) => {
    const file = path.join(root, name);
    writeFileSync(file, text);
    return declarations(file);
  };

  it('functions, classes and their members, interfaces, types, enums, variables, destructured ones, and object keys', () => {
    const names = declared(
      'a.tsx',
      [
        "import { imported } from './b.ts';",
        "export { imported as renamed } from './b.ts';",
        'export function NotFound({ param }: { param: string }) { const local = param; return <p>{local}</p>; }',
        'class Boundary { state = {}; render() { return null; } }',
        'interface Caller { member: string }',
        'type Sort = -1 | 1;',
        'enum Kind { Pending }',
        'const { first, second: [third] } = pair();',
        "export const paths = { home: '/', print: { pattern: '/print/:id' }, 'quoted-key': 1, ['computed']: 2 };",
        'const machine = setup({ actions: { serverError: () => undefined } });',
      ].join('\n'),
    );
    for (const name of [
      'NotFound',
      'local',
      'Boundary',
      'state',
      'render',
      'Caller',
      'Sort',
      'Kind',
      'Pending',
      'first',
      'third',
      'paths',
      'home',
      'paths.home',
      'print.pattern',
      'quoted-key',
      'machine',
      'serverError',
      'actions.serverError',
    ])
      expect(names, name).toContain(name);
    for (const name of ['imported', 'renamed', 'param', 'member', 'second', 'computed', 'home.pattern'])
      expect(names, name).not.toContain(name);
  });

  it('the keys of a JSON file at any depth; nothing to name in any other file', () => {
    expect([...declared('en.json', '{ "lookup.placeholder": "x", "En": { "mission": "y" } }')!]).toEqual([
      'lookup.placeholder',
      'En',
      'mission',
    ]);
    expect(declared('fonts.css', 'body {}')).toBeUndefined();
  });
});
