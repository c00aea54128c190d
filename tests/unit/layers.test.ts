import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rooms of the SPA, as ESLint holds them (eslint.config.js): each bad import below is a
 * file that does not exist, linted as if it sat at that path, so the rule itself is what
 * is tried.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

const problems = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

const sqlProblems = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
};

describe('the layers of the SPA and the server', () => {
  it('refuses a component importing the app or a screen', async () => {
    expect(
      await problems('src/ui/bad.tsx', "import { Session } from '../app/session.tsx';\nexport const x = Session;\n"),
    ).toEqual([expect.stringContaining('src/ui/ never imports src/app/ or src/screens/')]);
    expect(
      await problems('src/ui/bad.tsx', "import Login from '../screens/login/login.tsx';\nexport const x = Login;\n"),
    ).toHaveLength(1);
    expect(await problems('src/ui/bad.tsx', "import { ui } from './ui.css.ts';\nexport const x = ui;\n")).toEqual([]);
  });

  it('refuses a screen importing a sibling screen, not its own files or the shared rooms', async () => {
    expect(
      await problems(
        'src/screens/login/bad.tsx',
        "import Register from '../register/register.tsx';\nexport const x = Register;\n",
      ),
    ).toEqual([expect.stringContaining('A screen never imports a sibling screen')]);
    expect(
      await problems(
        'src/screens/login/bad.tsx',
        "import { Button } from '../../ui/button.tsx';\nexport const x = Button;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/screens/case-detail/bad.tsx',
        "import { RatingDialog } from './rating-dialog.tsx';\nexport const x = RatingDialog;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a screen importing src/app/ but its public surface, src/app/for-screens/', async () => {
    expect(
      await problems(
        'src/screens/login/bad.tsx',
        "import { Session } from '../../app/session.tsx';\nexport const x = Session;\n",
      ),
    ).toEqual([expect.stringContaining('src/app/for-screens/')]);
    expect(
      await problems(
        'src/screens/case-detail/bad.tsx',
        "import { Layout } from '../../app/layout.tsx';\nexport const x = Layout;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/screens/login/bad.tsx',
        "import { usePageTitle } from '../../app/for-screens/use-screen.ts';\nexport const x = usePageTitle;\n",
      ),
    ).toEqual([]);
  });

  it('refuses an adapter or a domain module of the server importing what sits above it', async () => {
    expect(
      await problems('server/adapters/bad.ts', "import { auth } from '../plugins/auth.ts';\nexport const x = auth;\n"),
    ).toEqual([expect.stringContaining('An adapter never imports')]);
    expect(
      await problems(
        'server/cases/bad.ts',
        "import { defineRoute } from '../routes/define.ts';\nexport const x = defineRoute;\n",
      ),
    ).toEqual([expect.stringContaining('A domain module never imports')]);
    expect(
      await problems('server/customers/bad.ts', "import { auth } from '../plugins/auth.ts';\nexport const x = auth;\n"),
    ).toEqual([expect.stringContaining('A domain module never imports')]);
    expect(
      await problems(
        'server/notify/bad.ts',
        "import type { Context } from '../context.ts';\nexport type X = Context;\n",
      ),
    ).toEqual([expect.stringContaining('An adapter never imports')]);
    expect(
      await problems(
        'server/db/bad.ts',
        "import { register } from '../customers/registration.ts';\nexport const x = register;\n",
      ),
    ).toHaveLength(1);
    // The SMS reader is a domain: never above it; the senders beneath never import it.
    expect(
      await problems(
        'server/sms/bad.ts',
        "import { defineRoute } from '../routes/define.ts';\nexport const x = defineRoute;\n",
      ),
    ).toEqual([expect.stringContaining('A domain module never imports')]);
    expect(
      await problems(
        'server/notify/bad.ts',
        "import { answerSms } from '../sms/inbox.ts';\nexport const x = answerSms;\n",
      ),
    ).toEqual([expect.stringContaining('An adapter never imports')]);
    expect(
      await problems(
        'server/sms/bad.ts',
        "import { reachable } from '../notify/sms.ts';\nexport const x = reachable;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('server/cases/bad.ts', "import { isUuid } from '../db/sql.ts';\nexport const x = isUuid;\n"),
    ).toEqual([]);
    expect(
      await problems(
        'server/feedback/bad.ts',
        "import { getCaseList } from '../reference/catalogue.ts';\nexport const x = getCaseList;\n",
      ),
    ).toEqual([]);
  });

  it('refuses SQL outside the repositories, db/ and the seed', async () => {
    const stray = "export const q = (db: { query(s: string): unknown }) => db.query('SELECT id FROM cases');\n";
    const template =
      'export const q = (db: { query(s: string): unknown }, t: string) => db.query(`DELETE FROM ${t} WHERE id = 1`);\n';
    for (const file of [
      'server/cases/bad.ts',
      'server/customers/bad.ts',
      'server/plugins/bad.ts',
      'server/adapters/bad.ts',
      'server/notify/sms.ts',
      'server/notify/outbox.ts',
    ])
      expect(await sqlProblems(file, stray), file).toEqual([expect.stringContaining('SQL lives in a repository')]);
    expect(await sqlProblems('server/routes/bad.ts', template)).toHaveLength(1);
    // A repository is a file named repository.ts, not any name ending in it.
    expect(await sqlProblems('server/cases/extra-repository.ts', stray)).toHaveLength(1);
    for (const file of [
      'server/cases/repository.ts',
      'server/cases/staff/repository.ts',
      'server/db/bad.ts',
      'server/notify/repository.ts',
      'server/seed/seed.ts',
    ])
      expect(await sqlProblems(file, stray), file).toEqual([]);
    // A word in a sentence is not a statement.
    expect(
      await sqlProblems('server/cases/bad.ts', "export const x = 'Select a division to update the set';\n"),
    ).toEqual([]);
  });

  it('refuses import cycles in the shared code, the server and the SPA', async () => {
    for (const file of ['contract/rules.ts', 'machines/apply.machine.ts', 'server/app.ts', 'src/app/app.tsx']) {
      const config = (await eslint.calculateConfigForFile(path.join(root, file))) as {
        rules: Record<string, unknown[]>;
      };
      expect(config.rules['import-x/no-cycle']?.[0], file).toBe(2);
    }
  });

  it('refuses a source file over 300 lines and a test file over 400, blank lines and comments aside', async () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n';
    const tooLong = async (file: string, n: number) => {
      const [result] = await eslint.lintText(long(n), { filePath: path.join(root, file) });
      return (result?.messages ?? []).some((m) => m.ruleId === 'max-lines');
    };
    expect(await tooLong('server/cases/bad.ts', 300)).toBe(false);
    expect(await tooLong('server/cases/bad.ts', 301)).toBe(true);
    expect(await tooLong('src/screens/login/bad.tsx', 301)).toBe(true);
    expect(await tooLong('scripts/bad.ts', 301)).toBe(true);
    expect(await tooLong('tests/unit/bad.test.ts', 400)).toBe(false);
    expect(await tooLong('tests/unit/bad.test.ts', 401)).toBe(true);
  });
});
