import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FLOWS_DIR, generateFlows } from './flows-lib.ts';

/** `npm run flows`: (re)writes docs/flows from the machines. */
const files = await generateFlows();
mkdirSync(FLOWS_DIR, { recursive: true });
for (const old of readdirSync(FLOWS_DIR)) if (!files.has(old)) rmSync(path.join(FLOWS_DIR, old));
for (const [name, content] of files) writeFileSync(path.join(FLOWS_DIR, name), content);
console.log(`Wrote ${files.size} files to docs/flows: ${[...files.keys()].join(', ')}`);
