import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './flows/graph.ts';
import type { Requirement } from '../trace/requirement.ts';
import { REQUIREMENTS } from '../trace/requirements.ts';

/**
 * `npm run trace`: the specification traced to the code and the tests (issue 36). Checks that
 * every line of the spec's sections 2, 4, 5, 8 and 9 that states something is quoted by a
 * requirement, that every requirement names where it is implemented (files that exist) and
 * tests that exist (the file, and the words of a test's title in it, or a test that names it:
 * `spec: S4.…` in a comment inside it), that no test names a requirement that does not exist, and that a departure names a
 * decision record. Writes the matrix to docs/trace.md and docs/trace.json (for /flows) and
 * exits 1 on any gap.
 */
const SPEC = path.join(ROOT, 'trace', 'portal-spec.md');
const TRACED_SECTIONS = ['2', '4', '5', '8', '9'];

/** The lines of the traced sections that state something: bullets, table rows, paragraphs. */
export function statements(spec: string): { line: number; text: string }[] {
  const lines = spec.split('\n');
  const out: { line: number; text: string }[] = [];
  let section = '';
  lines.forEach((raw, i) => {
    const text = raw.trim();
    const heading = /^## (\d+)\./.exec(text);
    if (heading) section = heading[1]!;
    if (!TRACED_SECTIONS.includes(section) || !text || text.startsWith('#')) return;
    if (/^\|[-| ]+\|$/.test(text)) return; // a table's rule
    if (text.startsWith('|') && /^\|[-| ]+\|$/.test(lines[i + 1]?.trim() ?? '')) return; // its header
    if (/^\*\*[^*]+\*\*:?$/.test(text)) return; // a bold heading alone
    out.push({ line: i + 1, text });
  });
  return out;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? testFiles(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

/** The test files that name requirements (`spec: S4.…, S9.…` in a comment inside a test), by requirement. */
export function taggedTests(root = ROOT): Map<string, string[]> {
  const tagged = new Map<string, string[]>();
  for (const file of testFiles(path.join(root, 'tests')))
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line) => {
        for (const tag of line.matchAll(/\bspec: ((?:S\d(?:\.[A-Z0-9_]+)+(?:, )?)+)/g))
          for (const id of tag[1]!.split(', '))
            tagged.set(id, [...new Set([...(tagged.get(id) ?? []), path.relative(root, file)])]);
      });
  return tagged;
}

export function traceProblems(requirements: Requirement[], spec: string, root = ROOT): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const tagged = taggedTests(root);
  for (const r of requirements) {
    if (ids.has(r.id)) problems.push(`${r.id}: the identifier is used twice`);
    ids.add(r.id);
    if (!/^S(2|4|5|8|9)\.[A-Z0-9_]+(\.[A-Z0-9_]+)*$/.test(r.id))
      problems.push(`${r.id}: not an identifier S<section>.AREA.WHAT`);
    if (!spec.includes(r.spec)) problems.push(`${r.id}: the spec has no words "${r.spec}"`);
    if (r.nothing) continue;
    if (!r.by.length) problems.push(`${r.id}: no implementation named`);
    for (const where of r.by) {
      const file = where.split(' ')[0]!;
      if (!existsSync(path.join(root, file))) problems.push(`${r.id}: no file ${file}`);
    }
    if (!r.tests.length && !tagged.has(r.id)) problems.push(`${r.id}: no test`);
    for (const t of r.tests) {
      const [file, words] = t.split(' › ') as [string, string | undefined];
      const at = path.join(root, file);
      if (!existsSync(at)) problems.push(`${r.id}: no test file ${file}`);
      else if (!words || !readFileSync(at, 'utf8').includes(words))
        problems.push(`${r.id}: ${file} has no test "${words ?? ''}"`);
    }
    if (r.departure && !existsSync(path.join(root, r.departure)))
      problems.push(`${r.id}: no decision record ${r.departure}`);
  }
  for (const s of statements(spec))
    if (!requirements.some((r) => s.text.includes(r.spec)))
      problems.push(`spec line ${s.line} is not traced: ${s.text.slice(0, 100)}`);
  for (const [id, where] of tagged)
    if (!ids.has(id)) for (const at of where) problems.push(`${at} names ${id}, which is no requirement`);
  return problems;
}

/** The matrix for /flows (docs/trace.json): each requirement with every test that proves it, the naming ones included. */
export function traceJson(requirements: Requirement[], tagged = taggedTests()): string {
  const rows = requirements.map((r) => ({
    ...r,
    tests: [...r.tests, ...(tagged.get(r.id) ?? []).map((file) => `${file} (names it)`)],
  }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** The matrix, in Markdown: requirement, what the spec says, where, the tests; departures marked. */
export function traceMarkdown(requirements: Requirement[], tagged = taggedTests()): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '# The specification traced',
    '',
    "Generated by `npm run trace` from trace/requirements.ts: every statement of the specification's",
    'sections 2, 4, 5, 8 and 9, where the portal implements it and the tests that prove it. A',
    'departure names the decision record that says how and why the portal differs.',
    '',
    '| Requirement | The spec says | Implemented by | Proved by |',
    '|---|---|---|---|',
    ...requirements.map(
      (r) =>
        `| ${r.id}${r.departure ? ` (departure: [${path.basename(r.departure, '.md')}](${path.relative('docs', r.departure)}))` : ''} | ${cell(r.spec)} | ${
          r.nothing ? cell(`nothing: ${r.nothing}`) : r.by.map((b) => `\`${cell(b)}\``).join('<br>')
        } | ${[...r.tests, ...(tagged.get(r.id) ?? []).map((at) => `${at} (names it)`)].map((t) => `\`${cell(t)}\``).join('<br>')} |`,
    ),
    '',
  ].join('\n');
}

if (import.meta.main) {
  const spec = readFileSync(SPEC, 'utf8');
  const shared = path.join(ROOT, '..', 'shared', 'spec', 'portal-spec.md');
  const problems = traceProblems(REQUIREMENTS, spec);
  if (existsSync(shared) && readFileSync(shared, 'utf8') !== spec)
    problems.push(
      'trace/portal-spec.md differs from ../shared/spec/portal-spec.md: copy it again and trace what changed',
    );
  writeFileSync(path.join(ROOT, 'docs', 'trace.md'), traceMarkdown(REQUIREMENTS));
  writeFileSync(path.join(ROOT, 'docs', 'trace.json'), traceJson(REQUIREMENTS));
  const lines = statements(spec).length;
  console.log(
    `${REQUIREMENTS.length} requirements trace ${lines} statements of the spec; docs/trace.md and .json written.`,
  );
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`${problems.length} problems.`);
    process.exit(1);
  }
}
