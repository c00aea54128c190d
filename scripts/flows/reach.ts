import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The code a machine runs (issue 49): the declarations of the project it reaches from its own,
 * through imports and calls, whatever the depth, found with the TypeScript compiler. A version
 * reads these and nothing else, so that a change of a contract rule moves exactly the versions
 * of the machines that call it, and the change report names the declaration that changed.
 *
 * A declaration is one at the top of a module: a `const` (or `let`), a function, a class or an
 * enum. Types, interfaces and type positions are never run and are left out; so are the words
 * (JSON) and comments. Machines import nothing of the project but machines/ and contract/.
 */
const FOLDERS = ['machines', 'contract'];

const tsFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const at = path.join(dir, name);
    if (statSync(at).isDirectory()) return tsFiles(at);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [at] : [];
  });

/** One program per tree read (the project, or an older release unpacked by `--since`). */
const programs = new Map<string, ts.Program>();
function programOf(root: string): ts.Program {
  let program = programs.get(root);
  if (!program) {
    program = ts.createProgram(
      FOLDERS.flatMap((folder) => tsFiles(path.join(root, folder))),
      {
        noLib: true,
        types: [],
        noResolve: true,
        allowImportingTsExtensions: true,
        noEmit: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ESNext,
      },
    );
    programs.set(root, program);
  }
  return program;
}

type Unit = ts.VariableDeclaration | ts.FunctionDeclaration | ts.ClassDeclaration | ts.EnumDeclaration;

/** The top-level declaration a symbol's declaration belongs to, or null (a type, a parameter, a local). */
function unitOf(node: ts.Node): Unit | null {
  let decl: ts.Node = node;
  while (ts.isBindingElement(decl) || ts.isObjectBindingPattern(decl) || ts.isArrayBindingPattern(decl))
    decl = decl.parent;
  if (ts.isVariableDeclaration(decl))
    return ts.isVariableStatement(decl.parent.parent) && ts.isSourceFile(decl.parent.parent.parent) ? decl : null;
  if (ts.isFunctionDeclaration(decl) || ts.isClassDeclaration(decl) || ts.isEnumDeclaration(decl))
    return ts.isSourceFile(decl.parent) ? decl : null;
  return null;
}

/**
 * A declaration as a version reads it: the tokens of its JavaScript, without types, comments,
 * layout or a trailing comma (what a formatter changes without changing what runs).
 */
function runnable(unit: Unit): string {
  const text = ts.isVariableDeclaration(unit) ? `const ${unit.getText()};` : unit.getText();
  const { outputText } = ts.transpileModule(text, {
    compilerOptions: {
      removeComments: true,
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ESNext,
      verbatimModuleSyntax: false,
    },
  });
  return tokensOf(outputText).join(' ');
}

/** Tokens after which a `/` divides; after any other, it starts a regular expression. */
const ENDS_AN_EXPRESSION = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
]);
const CLOSING = new Set([
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBraceToken,
]);

/**
 * The tokens of some JavaScript, as written: strings, templates and regular expressions whole
 * (their spaces are what they say), a comma before a closing bracket left out.
 */
export function tokensOf(code: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.ESNext, true, ts.LanguageVariant.Standard, code);
  const tokens: string[] = [];
  // The brace depth at which each open template's `${` was opened: its `}` goes on with the template.
  const templates: number[] = [];
  let depth = 0;
  let previous: ts.SyntaxKind | undefined;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken) depth += 1;
    else if (kind === ts.SyntaxKind.CloseBraceToken && templates.at(-1) === depth) {
      templates.pop();
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateMiddle) templates.push(depth);
    } else if (kind === ts.SyntaxKind.CloseBraceToken) depth -= 1;
    else if (kind === ts.SyntaxKind.TemplateHead) templates.push(depth);
    else if (
      (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) &&
      (previous === undefined || !ENDS_AN_EXPRESSION.has(previous))
    )
      kind = scanner.reScanSlashToken();
    if (CLOSING.has(kind) && tokens.at(-1) === ',') tokens.pop();
    tokens.push(scanner.getTokenText());
    previous = kind;
  }
  return tokens;
}

/**
 * What the export `name` of the module `source` (from `root`) reaches: `declaration (file)` ->
 * a short hash of its code, sorted. The export itself is among them.
 */
export function reachedCode(root: string, source: string, name: string): Record<string, string> {
  const program = programOf(root);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(path.join(root, source));
  const moduleSymbol = file && checker.getSymbolAtLocation(file);
  const start = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
  if (!start) throw new Error(`${source}: no export ${name}`);
  const reached = new Set<Unit>();
  const queue: Unit[] = [];
  const reach = (symbol: ts.Symbol | undefined) => {
    if (!symbol) return;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    for (const decl of target.declarations ?? []) {
      const unit = unitOf(decl);
      if (!unit || reached.has(unit) || unit.getSourceFile().isDeclarationFile) continue;
      reached.add(unit);
      queue.push(unit);
    }
  };
  reach(start);
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    if (ts.isShorthandPropertyAssignment(node)) reach(checker.getShorthandAssignmentValueSymbol(node));
    if (ts.isIdentifier(node)) reach(checker.getSymbolAtLocation(node));
    ts.forEachChild(node, visit);
  };
  for (let unit = queue.shift(); unit; unit = queue.shift()) visit(unit);
  const where = (unit: Unit) => path.relative(root, unit.getSourceFile().fileName).split(path.sep).join('/');
  return Object.fromEntries(
    [...reached]
      .map((unit) => [
        `${unit.name?.getText() ?? 'default'} (${where(unit)})`,
        createHash('sha256').update(runnable(unit)).digest('hex').slice(0, 8),
      ])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}
