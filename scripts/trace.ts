import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './flows/graph.ts';
import type { Requirement } from '../trace/requirement.ts';
import { REQUIREMENTS } from '../trace/requirements.ts';
import type { Statement } from './spec-statements.ts';
import { statements } from './spec-statements.ts';

/**
 * `npm run trace`: the specification traced to the code and the tests (issues 36 and 49).
 * Checks that every sentence of the spec's sections 2 to 9 (a table's row is one) is quoted
 * whole by a requirement, and that a requirement quotes whole sentences, once; that every
 * requirement names where it is implemented (declarations of files that exist) and tests that
 * exist (the file, and the words of a test's title in it, or a test that names it: `spec: S4.…`
 * in a comment inside it); that no test names a requirement that does not exist; that a
 * departure names a decision record, and that a sentence a decision record departs from is
 * traced by requirements that name it. Writes the matrix to docs/trace.md and docs/trace.json
 * (for /flows) and exits 1 on any gap.
 */
const SPEC = path.join(ROOT, 'trace', 'portal-spec.md');
const DECISIONS = path.join('docs', 'decisions');

/** Where `words` are in `text`: every place. */
function places(text: string, words: string): number[] {
  const at: number[] = [];
  if (!words) return at;
  for (let i = text.indexOf(words); i >= 0; i = text.indexOf(words, i + 1)) at.push(i);
  return at;
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

/**
 * What a file declares, by the names a requirement's `by` gives after the file. In TypeScript:
 * functions, classes and their members, interfaces, type aliases, enums and their members,
 * variables (each name a destructuring declares), wherever they are in the file, and the keys
 * of its object literals (`home` of contract/paths.ts's route table, an action of a machine's
 * `setup({ actions: … })`, a state of its `states`); `outer.inner` names one declared inside
 * another (`review.confirming`). Not what it imports, parameters, a type's members (a shape is
 * not where a thing is done) nor JSX attributes. In JSON: its keys, at any depth. Any other
 * file (a stylesheet, SQL) declares nothing that can be read: undefined, and it is named whole.
 */
export function declarations(file: string): Set<string> | undefined {
  const names = new Set<string>();
  if (file.endsWith('.json')) {
    const keys = (value: unknown): void => {
      if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if (!Array.isArray(value)) names.add(key);
          keys(inner);
        }
    };
    keys(JSON.parse(readFileSync(file, 'utf8')));
    return names;
  }
  if (!/\.(ts|tsx|mts)$/.test(file)) return undefined;
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const declare = (name: string, outer: string[]) => {
    names.add(name);
    for (const o of outer) names.add(`${o}.${name}`);
  };
  const bound = (name: ts.BindingName): string[] =>
    ts.isIdentifier(name) ? [name.text] : name.elements.flatMap((e) => (ts.isBindingElement(e) ? bound(e.name) : []));
  const named = (node: ts.Node): string | undefined => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isClassLike(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isEnumDeclaration(node) ||
      ts.isEnumMember(node) ||
      ts.isFunctionExpression(node) ||
      ts.isClassElement(node) ||
      ts.isObjectLiteralElementLike(node)
    ) {
      const name = node.name;
      if (
        name &&
        (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name))
      )
        return name.text;
    }
    return undefined;
  };
  const visit = (node: ts.Node, outer: string[]): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isParameter(node)) return;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      if (ts.isInterfaceDeclaration(node)) declare(node.name.text, outer);
      return;
    }
    if (ts.isVariableDeclaration(node)) {
      const own = bound(node.name);
      for (const name of own) declare(name, outer);
      if (node.initializer) visit(node.initializer, ts.isIdentifier(node.name) ? [...outer, node.name.text] : outer);
      return;
    }
    const name = named(node);
    if (name !== undefined) declare(name, outer);
    ts.forEachChild(node, (child) => visit(child, name === undefined ? outer : [...outer, name]));
  };
  visit(source, []);
  return names;
}

/**
 * The sentences each decision record departs from: the spec's sentences it quotes (`> …`, one
 * a line) under its heading `## Departs from the spec`, by sentence.
 */
export function departures(root = ROOT): Map<string, string[]> {
  const departed = new Map<string, string[]>();
  const dir = path.join(root, DECISIONS);
  if (!existsSync(dir)) return departed;
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const record = path.join(DECISIONS, name);
    let within = false;
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (line.startsWith('#')) within = line.trim() === '## Departs from the spec';
      else if (within && line.startsWith('> ')) {
        const sentence = line.slice(2).trim();
        departed.set(sentence, [...(departed.get(sentence) ?? []), record]);
      }
    }
  }
  return departed;
}

export function traceProblems(requirements: Requirement[], spec: string, root = ROOT): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const tagged = taggedTests(root);
  const all = statements(spec);
  const starts = new Set(all.map((s) => s.at));
  const ends = new Set(all.map((s) => s.at + s.text.length));
  // Where a requirement quotes whole sentences (a quote may also stand inside another sentence: `_id;` in
  // `related_case_id;`); it traces the sentences there.
  const quoted = (r: Requirement) =>
    places(spec, r.spec)
      .map((at) => ({ at, end: at + r.spec.length }))
      .filter((q) => starts.has(q.at) && ends.has(q.end));
  const covers = (r: Requirement, s: Statement) => quoted(r).some((q) => q.at <= s.at && s.at + s.text.length <= q.end);
  const declared = new Map<string, Set<string> | undefined>();
  for (const r of requirements) {
    if (ids.has(r.id)) problems.push(`${r.id}: the identifier is used twice`);
    ids.add(r.id);
    if (!/^S[2-9]\.[A-Z0-9_]+(\.[A-Z0-9_]+)*$/.test(r.id))
      problems.push(`${r.id}: not an identifier S<section>.AREA.WHAT`);
    const whole = quoted(r).length;
    if (!spec.includes(r.spec)) problems.push(`${r.id}: the spec has no words "${r.spec}"`);
    else if (!whole)
      problems.push(`${r.id}: "${r.spec}" begins or ends inside a sentence: quote whole sentences of sections 2 to 9`);
    else if (whole > 1) problems.push(`${r.id}: "${r.spec}" is in the spec ${whole} times: quote enough to say which`);
    if (r.nothing) continue;
    if (!r.by.length) problems.push(`${r.id}: no implementation named`);
    for (const where of r.by) {
      const [file, ...what] = where.split(' ') as [string, ...string[]];
      const at = path.join(root, file);
      if (!existsSync(at) || !statSync(at).isFile()) {
        problems.push(`${r.id}: no file ${file}`);
        continue;
      }
      if (!declared.has(file)) declared.set(file, declarations(at));
      const names = declared.get(file);
      const named = what.join(' ').split(', ').filter(Boolean);
      if (!names) {
        if (named.length) problems.push(`${r.id}: ${file} declares nothing to name: name the file alone`);
      } else if (!named.length) problems.push(`${r.id}: ${file} alone: name what in it implements this`);
      else for (const name of named) if (!names.has(name)) problems.push(`${r.id}: ${file} declares no ${name}`);
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
  for (const s of all)
    if (!requirements.some((r) => covers(r, s))) problems.push(`spec line ${s.line} is not traced: ${s.text}`);
  // A sentence the portal departs from: each requirement that quotes it names the record that says so; a
  // departure is one of a sentence it quotes.
  const departed = departures(root);
  for (const [sentence, records] of departed)
    for (const record of records)
      if (!all.some((s) => s.text === sentence))
        problems.push(`${record}: "${sentence}" is no sentence of the spec's sections 2 to 9`);
  for (const r of requirements) {
    const own = all.filter((s) => covers(r, s)).flatMap((s) => departed.get(s.text) ?? []);
    for (const record of new Set(own))
      if (r.departure !== record)
        problems.push(`${r.id}: quotes a sentence ${record} departs from: name it as its departure`);
    if (r.departure && !own.includes(r.departure))
      problems.push(`${r.id}: ${r.departure} departs from none of the sentences it quotes`);
  }
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
    "Generated by `npm run trace` from trace/requirements.ts: every sentence of the specification's",
    'sections 2 to 9 (a table row is one), where the portal implements it and the tests that prove',
    'it. A departure names the decision record that says how and why the portal differs.',
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
  const traced = statements(spec).length;
  console.log(
    `${REQUIREMENTS.length} requirements trace ${traced} sentences of the spec; docs/trace.md and .json written.`,
  );
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`${problems.length} problems.`);
    process.exit(1);
  }
}
