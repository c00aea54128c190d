import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FlowReport } from '../../app/flow-monitor.ts';
import { onFlowReport } from '../../app/flow-monitor.ts';
import { usePageTitle } from '../../app/use-screen.ts';
import versions from '../../../docs/flows/versions.json' with { type: 'json' };
import * as ui from '../../ui/ui.css.ts';
import * as s from './flows.css.ts';

/** The diagrams `npm run flows` writes, by file name (loaded on demand, each its own chunk). */
const diagrams = import.meta.glob('../../../docs/flows/*.svg', { query: '?raw', import: 'default' });
const nameOf = (file: string) => file.replace(/^.*\/|\.svg$/g, '');

/** Graphviz titles its nodes with the state node id, dots as underscores: apply.editing -> apply_editing. */
const nodeTitle = (machine: string, state: string) => `${machine}.${state}`.replace(/[^A-Za-z0-9]/g, '_');

function Diagram({ file, current }: { file: string; current: string | undefined }) {
  const [svg, setSvg] = useState('');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    void (diagrams[file] as () => Promise<string>)().then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [file]);
  useEffect(() => {
    for (const node of box.current?.querySelectorAll('g.node') ?? []) {
      node.classList.toggle(s.currentNode, !!current && node.querySelector('title')?.textContent === current);
    }
  }, [svg, current]);
  // The SVG is generated from our own machines at build time (docs/flows), never from input.
  return <div ref={box} className={s.diagram} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/**
 * Every machine's diagram; the state each running machine is in (in this tab or another
 * tab of the portal) is highlighted live.
 */
export default function Flows() {
  usePageTitle('flows.title');
  const [live, setLive] = useState<Record<string, FlowReport>>({});
  useEffect(() => onFlowReport((r) => setLive((prev) => ({ ...prev, [r.machine]: r }))), []);
  const files = Object.keys(diagrams).sort();
  // Files are kebab-case, machine ids camelCase: case-lookup.svg draws caseLookup.
  const idOf = (file: string) => nameOf(file).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="flows.title" />
      </h1>
      <p>
        <FormattedMessage id="flows.intro" />
      </p>
      {files.map((file) => {
        const machine = idOf(file);
        const report = live[machine];
        return (
          <section key={file} aria-labelledby={`flow-${nameOf(file)}`} className={ui.card} style={{ marginBottom: '1.5rem' }}>
            <h2 id={`flow-${nameOf(file)}`}>{nameOf(file)}</h2>
            <p>
              <FormattedMessage id="flows.version" values={{ version: <code>{(versions as Record<string, string>)[nameOf(file)]}</code> }} />
            </p>
            <p role="status">{report ? <FormattedMessage id="flows.live" values={{ state: report.state }} /> : <FormattedMessage id="flows.notRunning" />}</p>
            <Diagram file={file} current={report ? nodeTitle(machine, report.state) : undefined} />
          </section>
        );
      })}
    </div>
  );
}
