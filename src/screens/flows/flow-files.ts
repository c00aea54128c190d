import { useIntl } from 'react-intl';
import type { Catalogue } from '../../../contract/flow-catalogue.ts';
import type { EvidenceDescribes } from '../../../contract/evidence.ts';
import { EVIDENCE_PATHS } from '../../../contract/evidence.ts';
import { createLoader } from '../../../machines/loader.machine.ts';

// What the parts of /flows share: the generated files they read, and how they name them.

/** The diagrams `npm run flows` writes, by file name (loaded on demand, each its own chunk). */
export const diagrams = import.meta.glob('../../../docs/flows/*.svg', { query: '?raw', import: 'default' });
export const nameOf = (file: string) => file.replace(/^.*\/|\.svg$/g, '');
// Files are kebab-case, machine ids camelCase: case-lookup.svg draws caseLookup.
export const idOf = (file: string) => nameOf(file).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
/** The path catalogues the model tests write (`npm run flows`), by machine name, each its own chunk too. */
const catalogues = import.meta.glob('../../../docs/flows/*.paths.json', { import: 'default' });
export const catalogueOf = (name: string) =>
  catalogues[`../../../docs/flows/${name}.paths.json`] as (() => Promise<Omit<Catalogue, 'missing'>>) | undefined;

/** A machine's catalogue, loaded when it is asked for. */
export const paths = createLoader(
  ({ name }: { name: string }) => catalogueOf(name)?.() ?? Promise.reject(new Error(`no catalogue for ${name}`)),
);

/** Graphviz titles its nodes with the state node id, dots as underscores: apply.editing -> apply_editing. */
export const nodeTitle = (machine: string, state: string) => `${machine}.${state}`.replace(/[^A-Za-z0-9]/g, '_');

/** The catalogue's language: Amharic in Amharic, English otherwise (the generator writes these two). */
export const useCatalogueLang = () => (useIntl().locale.startsWith('am') ? 'am' : 'en');

/**
 * What the build's evidence pack says /flows describes (its commit and dates); a build
 * without one (`npm run dev`) answers 404, and the page says how to make the pack.
 */
export const describes = createLoader(async () => {
  const answer = await fetch(EVIDENCE_PATHS.describes);
  if (!answer.ok) throw Object.assign(new Error('no evidence pack'), { status: answer.status });
  return (await answer.json()) as EvidenceDescribes;
});
