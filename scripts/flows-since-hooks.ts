import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * For `npm run flows -- --since <ref>`: the machines of an older release may import a package
 * the project no longer has (jwt-decode, say). Their shape (states, transitions, guards,
 * actions) never runs that code, so such an import is answered by a stub module with the
 * names the importing file asks for, each throwing if called. Only bare package names of
 * files under `dir` are stubbed; anything else missing still fails.
 */
export function stubMissingPackages(dir: string): void {
  registerHooks({
    resolve(specifier, context, next) {
      try {
        return next(specifier, context);
      } catch (error) {
        const bare = !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:');
        const parent = context.parentURL?.startsWith('file:') ? fileURLToPath(context.parentURL) : '';
        if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !bare || !parent.startsWith(dir))
          throw error;
        const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        const clause =
          new RegExp(`import\\s+(?:type\\s+)?([^;]*?)\\s+from\\s+['"]${escaped}['"]`).exec(
            readFileSync(parent, 'utf8'),
          )?.[1] ?? '';
        const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
        const names = named
          .split(',')
          .map(
            (n) =>
              n
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0]
                ?.trim() ?? '',
          )
          .filter(Boolean);
        const gone = `() => { throw new Error('${specifier} is not installed: stubbed to read an older release'); }`;
        const source = [`export default ${gone};`, ...names.map((n) => `export const ${n} = ${gone};`)].join('\n');
        return { url: `data:text/javascript,${encodeURIComponent(source)}`, shortCircuit: true };
      }
    },
  });
}
