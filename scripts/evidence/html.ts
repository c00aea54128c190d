import type { CatalogueEntry } from '../../contract/flow-catalogue.ts';
import { escapeHtml as esc, ethiopicFace } from '../../server/adapters/html.ts';
import { roleWords } from '../../server/cases/lifecycle.ts';
import type { Evidence, MachineEvidence } from './gather.ts';

/** Markdown's `code` in the catalogue's words, as code. */
const words = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');
const percent = (covered: number, total: number) =>
  `${covered}/${total} (${total ? Math.round((covered / total) * 100) : 100}%)`;

const STYLE = `
${ethiopicFace(400)}${ethiopicFace(700)}
body{font:10pt/1.4 "Portal Ethiopic",system-ui,sans-serif;margin:0;color:#111;font-variant-ligatures:none}
h1{font-size:18pt}h2{font-size:14pt;break-before:page}h3{font-size:11pt;margin-top:1.2em}
table{border-collapse:collapse;width:100%;margin:.5em 0}th,td{border:1px solid #999;padding:2px 4px;vertical-align:top;text-align:left}
th{background:#eee}code{font-size:9pt;overflow-wrap:anywhere}td{overflow-wrap:break-word}
.diagram svg{max-width:100%;height:auto;display:block}
.entry{break-inside:avoid;margin:.4em 0}.entry p{margin:.1em 0}.small{font-size:8.5pt}
.two{display:grid;grid-template-columns:1fr 1fr;gap:1em}
@media screen{body{max-width:60rem;margin:0 auto;padding:0 .75rem}table{display:block;overflow-x:auto}}
@media screen and (max-width:40rem){.two{grid-template-columns:1fr}}`;

function entryHtml(e: CatalogueEntry, lang: 'en' | 'am'): string {
  const t = e.text[lang];
  return `<div class="entry"><p><strong>${esc(e.title)}</strong></p><p>${words(t.about)}</p>
<ol>${t.steps.map((s) => `<li>${words(s)}</li>`).join('')}</ol>
${t.refused ? `<ul>${t.refused.map((r) => `<li>${words(r)}</li>`).join('')}</ul>` : ''}
<p class="small">${lang === 'en' ? 'Played by' : 'የተጫወተው ሙከራ'}: <code>${esc(e.test)}</code></p></div>`;
}

function machineHtml(m: MachineEvidence, e: Evidence): string {
  const c = m.coverage;
  const score = m.mutation
    ? `${m.mutation.score}% (${m.mutation.killed} of ${m.mutation.mutants - m.mutation.ignored} mutants killed, ${m.mutation.survived} survived, ${m.mutation.noCoverage} not covered; ${e.mutationRun} run of ${e.mutationDate})`
    : 'no mutation run names it';
  return `<section id="m-${esc(m.name)}"><h2>${esc(m.name)}</h2>
<p>${esc(m.catalogue.about.en)}<br><span lang="am">${esc(m.catalogue.about.am)}</span></p>
<table><tr><th>Version</th><td><code>${esc(m.version)}</code></td></tr>
<tr><th>Path coverage (model tests)</th><td>${c ? `states ${percent(c.states.covered, c.states.total)}, transitions ${percent(c.transitions.covered, c.transitions.total)}` : 'no model test'}</td></tr>
<tr><th>Mutation score</th><td>${esc(score)}</td></tr></table>
<div class="diagram">${m.svg.replace(/^[\s\S]*?(<svg\b)/, '$1')}</div>
<h3>Path catalogue, English</h3>${m.catalogue.entries.map((x) => entryHtml(x, 'en')).join('\n')}
<h3 lang="am">የመንገድ ካታሎግ፣ አማርኛ</h3><div lang="am">${m.catalogue.entries.map((x) => entryHtml(x, 'am')).join('\n')}</div>
</section>`;
}

/** The evidence pack as one HTML page (the PDF is this page printed): everything from `gatherEvidence`. */
export function evidenceHtml(e: Evidence): string {
  const roleRows = e.roles
    .map(
      (r) =>
        `<tr><td><code>${r.event}</code></td><td>${r.from} → ${r.to}</td><td>${r.who.map((w) => (w === 'customer' ? "the case's owner" : roleWords(w))).join(', ') || 'nobody'}</td><td>${esc(r.condition.en)}</td><td lang="am">${esc(r.condition.am)}</td></tr>`,
    )
    .join('\n');
  const refused = e.machines.flatMap((m) =>
    m.catalogue.entries.filter((x) => x.kind === 'refused').map((x) => ({ machine: m.name, entry: x })),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Evidence pack ${e.commit.slice(0, 7)}</title><style>${STYLE}</style></head><body>
<h1>The housing bureau portal: evidence pack</h1>
<table><tr><th>Made</th><td>${esc(e.date)}</td></tr><tr><th>Commit</th><td><code>${e.commit}</code>${
    e.uncommitted.length
      ? `, with uncommitted changes to ${e.uncommitted.map((f) => `<code>${esc(f.slice(3))}</code>`).join(', ')}`
      : ''
  }</td></tr>
<tr><th>Made by</th><td><code>npm run evidence -- --out DIR</code>, from the commit's generated catalogues (docs/flows), mutation scores (docs/mutation), trace (docs/trace.json) and code</td></tr></table>
<h3>Contents</h3><ol><li><a href="#roles">Who may take which step</a></li><li><a href="#refused">Refused moves</a></li><li><a href="#retention">What the portal keeps, and for how long</a></li>
${e.machines.map((m) => `<li><a href="#m-${esc(m.name)}">${esc(m.name)}</a> <code>${esc(m.version)}</code></li>`).join('')}<li><a href="#trace">The specification traced</a></li></ol>
<section id="roles"><h2>Who may take which step of a case</h2>
<p>Asked of the case lifecycle's own guards (contract/case-lifecycle.machine.ts, docs/decisions/0038): each role, and the case's owner, asking with a reason and a PDF where nothing in the case's history stands in the way. The condition says all the guard asks, four eyes included. Complaints are reviewed and answered by: <strong>${esc(roleWords(e.complaintRole))}</strong>.</p>
<table><tr><th>Event</th><th>From → to</th><th>Who</th><th>Condition</th><th>ሁኔታ</th></tr>${roleRows}</table></section>
<section id="refused"><h2>Refused moves</h2><p>Every move a state refused when the model tests tried it, who asked and the condition that failed.</p>
${refused.map(({ machine, entry }) => `<h3>${esc(machine)}: ${esc(entry.title)}</h3><div class="two"><ul>${(entry.text.en.refused ?? []).map((r) => `<li>${words(r)}</li>`).join('')}</ul><ul lang="am">${(entry.text.am.refused ?? []).map((r) => `<li>${words(r)}</li>`).join('')}</ul></div>`).join('\n')}</section>
<section id="retention"><h2>What the portal keeps, and for how long</h2><p>From the constants the sweeps delete by (server/customers/data-rights/retention.ts, docs/decisions/0019).</p>
<table><tr><th>What</th><th>Kept</th><th>ምን</th><th>ለምን ያህል ጊዜ</th></tr>${e.retention.map((r) => `<tr><td>${esc(r.what.en)}</td><td>${esc(r.kept.en)}</td><td lang="am">${esc(r.what.am)}</td><td lang="am">${esc(r.kept.am)}</td></tr>`).join('\n')}</table></section>
${e.machines.map((m) => machineHtml(m, e)).join('\n')}
<section id="trace"><h2>The specification traced</h2><p>Every sentence of the specification's sections 2 to 9, where the portal implements it and the tests that prove it (docs/trace.json, <code>npm run trace</code>).</p>
<table class="small"><tr><th>Requirement</th><th>The spec says</th><th>Implemented by</th><th>Proved by</th></tr>${e.trace.map((t) => `<tr><td><code>${esc(t.id)}</code></td><td>${esc(t.spec)}</td><td>${t.by.map((b) => `<code>${esc(b)}</code>`).join('<br>')}</td><td>${t.tests.map((b) => `<code>${esc(b)}</code>`).join('<br>')}</td></tr>`).join('\n')}</table></section>
</body></html>`;
}
