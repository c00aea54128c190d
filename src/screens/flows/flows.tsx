import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FLOW_REPORT_DAYS } from '../../../contract/limits.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import type { Catalogue, Simulation } from '../../../contract/flow-catalogue.ts';
import { COUNTED_FLOW, COUNT_MARK, ENTRY_KINDS } from '../../../contract/flow-catalogue.ts';
import type { Requirement } from '../../../trace/requirement.ts';
import { call } from '../../api/client.ts';
import type { FlowReport } from '../../app/for-screens/flow-monitor.ts';
import { onFlowReport } from '../../app/for-screens/flow-monitor.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import versions from '../../../docs/flows/versions.json' with { type: 'json' };
import * as table from '../../ui/table.css.ts';
import * as ui from '../../ui/ui.css.ts';
import * as s from './flows.css.ts';
import { movesHere, nodeOf, simulator } from './simulator.ts';

/** The diagrams `npm run flows` writes, by file name (loaded on demand, each its own chunk). */
const diagrams = import.meta.glob('../../../docs/flows/*.svg', { query: '?raw', import: 'default' });
const nameOf = (file: string) => file.replace(/^.*\/|\.svg$/g, '');
// Files are kebab-case, machine ids camelCase: case-lookup.svg draws caseLookup.
const idOf = (file: string) => nameOf(file).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
/** The path catalogues the model tests write (`npm run flows`), by machine name, each its own chunk too. */
const catalogues = import.meta.glob('../../../docs/flows/*.paths.json', { import: 'default' });
const catalogueOf = (name: string) =>
  catalogues[`../../../docs/flows/${name}.paths.json`] as (() => Promise<Omit<Catalogue, 'missing'>>) | undefined;

/** The case lifecycle's transitions counted by the server from the case history. */
const counts = createLoader(() => call('getFlowCounts', { query: { days: String(FLOW_REPORT_DAYS) } }));
const paths = createLoader(
  ({ name }: { name: string }) => catalogueOf(name)?.() ?? Promise.reject(new Error(`no catalogue for ${name}`)),
);

/** Graphviz titles its nodes with the state node id, dots as underscores: apply.editing -> apply_editing. */
const nodeTitle = (machine: string, state: string) => `${machine}.${state}`.replace(/[^A-Za-z0-9]/g, '_');

type Counted = { from: string | null; event: string; to: string; count: number }[];

/**
 * Puts each count on its arrow: under each transition's label the diagram keeps a line
 * (COUNT_MARK) in the arrow's label node, `<from>__<to>__label`, filled with the count of
 * the transition whose lines it ends.
 */
function showCounts(svg: Element, machine: string, counted: Counted) {
  for (const node of svg.querySelectorAll('g.node')) {
    const title = node.querySelector('title')?.textContent ?? '';
    let event: string | null = null;
    for (const text of node.querySelectorAll('text')) {
      const line = text.textContent ?? '';
      // Each transition: its `EVENT [guard]` line, its actions' lines, then its count's.
      if (text.dataset.mark === undefined && line !== COUNT_MARK) {
        event ??= line.split(' ')[0]!;
        continue;
      }
      text.dataset.mark = '';
      const t = counted.find(
        (c) =>
          c.from && c.event === event && title === `${nodeTitle(machine, c.from)}__${nodeTitle(machine, c.to)}__label`,
      );
      event = null;
      text.textContent = t ? `× ${t.count}` : COUNT_MARK;
    }
  }
}

function Diagram({
  file,
  current,
  label,
  counted,
}: {
  file: string;
  current: string | undefined;
  label: string;
  counted?: Counted | null;
}) {
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
  useEffect(() => {
    if (box.current && counted) showCounts(box.current, idOf(file), counted);
  }, [svg, counted, file]);
  // The SVG is generated from our own machines at build time (docs/flows), never from input.
  // A picture that scrolls sideways on a phone: focusable to scroll it by keyboard, named for screen readers, which read the paths below.
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      tabIndex={0}
      className={s.diagram}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/** The headings of the catalogue's kinds of entries. */
const ENTRY_HEADINGS = {
  state: 'flows.paths.states',
  transition: 'flows.paths.transitions',
  refused: 'flows.paths.refused',
} as const;

/** The catalogue's language: Amharic in Amharic, English otherwise (the generator writes these two). */
const useCatalogueLang = () => (useIntl().locale.startsWith('am') ? 'am' : 'en');

/** A machine's path catalogue, loaded when it is opened: each state and transition with its numbered steps and its test. */
function Paths({ name }: { name: string }) {
  const [state, send] = useScreenMachine(paths, { name });
  const lang = useCatalogueLang();
  const catalogue = state.matches('loaded') ? state.context.data : null;
  return (
    <>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {catalogue ? (
        <>
          <p>{catalogue.about[lang]}</p>
          {ENTRY_KINDS.filter((kind) => catalogue.entries.some((e) => e.kind === kind)).map((kind) => (
            <section key={kind} aria-labelledby={`paths-${name}-${kind}`}>
              <h3 id={`paths-${name}-${kind}`}>
                <FormattedMessage id={ENTRY_HEADINGS[kind]} />
              </h3>
              {catalogue.entries.map((e, i) =>
                e.kind !== kind ? null : (
                  <article key={e.title} className={s.path}>
                    <h4>
                      {i + 1}. <code>{e.title}</code>
                    </h4>
                    <p>{e.text[lang].about}</p>
                    <ol>
                      {e.text[lang].steps.map((step, i) => (
                        <li key={i}>{step}</li>
                      ))}
                    </ol>
                    {e.text[lang].refused ? (
                      <>
                        <p>
                          <FormattedMessage id="flows.paths.refusedHere" />
                        </p>
                        <ul>
                          {e.text[lang].refused.map((line, i) => (
                            <li key={i}>{line}</li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    <p className={s.test}>
                      <FormattedMessage id="flows.paths.playedBy" values={{ test: <code>{e.test}</code> }} />
                    </p>
                  </article>
                ),
              )}
            </section>
          ))}
        </>
      ) : null}
    </>
  );
}

/** A table that scrolls sideways on a phone, named by its section's heading, with a row of column headings. */
function Table({ labelledBy, headings, children }: { labelledBy: string; headings: string[]; children: ReactNode }) {
  return (
    <div className={s.tableBox} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={table.table}>
        <thead>
          <tr>
            {headings.map((id) => (
              <th scope="col" key={id}>
                <FormattedMessage id={id} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

type CountsState = ReturnType<typeof useScreenMachine<typeof counts>>[0];

/** What really happens: how many times each transition of the case lifecycle was taken lately, the ones never taken marked. */
function Counts({ state, send }: { state: CountsState; send: (e: { type: 'RETRY' }) => void }) {
  const data = state.matches('loaded') ? state.context.data : null;
  return (
    <section aria-labelledby="flow-counts">
      <h3 id="flow-counts">
        <FormattedMessage id="flows.counts.title" values={{ days: FLOW_REPORT_DAYS }} />
      </h3>
      <p>
        <FormattedMessage id="flows.counts.intro" />
      </p>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {data ? (
        <Table labelledBy="flow-counts" headings={['flows.counts.transition', 'flows.counts.count']}>
          {data.transitions.map((t) => (
            <tr key={`${t.from} ${t.event}`} className={t.count === 0 ? s.never : undefined}>
              <td className={s.transition}>
                {t.from ? <code>{t.from}</code> : <FormattedMessage id="flows.counts.new" />} · <code>{t.event}</code> →{' '}
                <code>{t.to}</code>
              </td>
              <td>{t.count === 0 ? <FormattedMessage id="flows.counts.never" /> : t.count}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </section>
  );
}

/** The case lifecycle: its diagram with each arrow's count, then the table of the counts. */
function CountedDiagram({ file, current }: { file: string; current: string | undefined }) {
  const [state, send] = useScreenMachine(counts);
  const intl = useIntl();
  return (
    <>
      <Diagram
        file={file}
        current={current}
        label={intl.formatMessage({ id: 'flows.diagram' }, { name: nameOf(file) })}
        counted={state.matches('loaded') ? (state.context.data?.transitions ?? null) : null}
      />
      <Counts state={state} send={send} />
    </>
  );
}

/** The walk through one machine's played graph: where it is, what can happen, what a guard stops, the way there. */
function Walk({ file, simulation }: { file: string; simulation: Simulation }) {
  const [state, send] = useScreenMachine(simulator, { simulation });
  const lang = useCatalogueLang();
  const intl = useIntl();
  const here = nodeOf(state.context);
  const node = simulation.nodes[here]!;
  const moves = movesHere(state.context);
  const blocked = simulation.blocked.filter((b) => b.at === here);
  const id = `sim-${nameOf(file)}`;
  return (
    <>
      <Diagram
        file={file}
        current={nodeTitle(idOf(file), node.states[0]!)}
        label={intl.formatMessage({ id: 'flows.diagram' }, { name: nameOf(file) })}
      />
      <h3 id={`${id}-start`}>
        <FormattedMessage id="flows.simulator.start" />
      </h3>
      <ol aria-labelledby={`${id}-start`}>
        {simulation.start[lang].map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      <p role="status" className={s.now}>
        <FormattedMessage
          id="flows.simulator.now"
          values={{ state: <code>{node.states.join(', ')}</code>, about: node.about[lang] }}
        />
      </p>
      <h3 id={`${id}-moves`}>
        <FormattedMessage id="flows.simulator.moves" />
      </h3>
      {moves.length ? null : (
        <p>
          <FormattedMessage id="flows.simulator.end" />
        </p>
      )}
      {moves.length || blocked.length ? (
        <ul aria-labelledby={`${id}-moves`} className={s.moves}>
          {moves.map((i) => (
            <li key={i}>
              <button type="button" className={ui.secondaryButton} onClick={() => send({ type: 'MOVE', move: i })}>
                {simulation.moves[i]!.text[lang]} →{' '}
                <code>{simulation.nodes[simulation.moves[i]!.to]!.states.join(', ')}</code>
              </button>
            </li>
          ))}
          {blocked.map((b, i) => (
            <li key={`blocked-${i}`}>
              <button type="button" className={ui.secondaryButton} disabled>
                {b.text[lang]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={!state.can({ type: 'BACK' })}
          onClick={() => send({ type: 'BACK' })}
        >
          <FormattedMessage id="flows.simulator.back" />
        </button>
        <button type="button" className={ui.secondaryButton} onClick={() => send({ type: 'RESET' })}>
          <FormattedMessage id="flows.simulator.reset" />
        </button>
      </div>
      <h3 id={`${id}-trail`}>
        <FormattedMessage id="flows.simulator.trail" />
      </h3>
      {state.context.taken.length ? (
        <ol aria-labelledby={`${id}-trail`}>
          {state.context.taken.map((m, i) => (
            <li key={i}>
              {simulation.moves[m]!.text[lang]} →{' '}
              <code>{simulation.nodes[simulation.moves[m]!.to]!.states.join(', ')}</code>
            </li>
          ))}
        </ol>
      ) : (
        <p>
          <FormattedMessage id="flows.simulator.noTrail" />
        </p>
      )}
    </>
  );
}

/** One machine in the simulator: its catalogue loaded, then the walk. */
function Simulated({ file }: { file: string }) {
  const [state, send] = useScreenMachine(paths, { name: nameOf(file) });
  const simulation = state.matches('loaded') ? state.context.data?.simulation : undefined;
  return (
    <>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {simulation ? <Walk file={file} simulation={simulation} /> : null}
    </>
  );
}

/** The specification traced (docs/trace.json, written by `npm run trace`), loaded when opened. */
const traced = createLoader(() =>
  import('../../../docs/trace.json').then((m) => m.default as unknown as Requirement[]),
);

function TraceTable() {
  const [state, send] = useScreenMachine(traced);
  const rows = state.matches('loaded') ? state.context.data : null;
  return (
    <>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {rows ? (
        <Table
          labelledBy="trace"
          headings={['flows.trace.requirement', 'flows.trace.says', 'flows.trace.by', 'flows.trace.tests']}
        >
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" className={s.transition}>
                <code>{r.id}</code>
                {r.departure ? (
                  <>
                    {' '}
                    <FormattedMessage id="flows.trace.departure" values={{ record: <code>{r.departure}</code> }} />
                  </>
                ) : null}
              </th>
              <td className={s.transition}>{r.spec}</td>
              <td className={s.transition}>
                {r.nothing ? (
                  <FormattedMessage id="flows.trace.nothing" values={{ why: r.nothing }} />
                ) : (
                  r.by.map((b) => (
                    <code key={b} className={s.line}>
                      {b}
                    </code>
                  ))
                )}
              </td>
              <td className={s.transition}>
                {r.tests.map((t) => (
                  <code key={t} className={s.line}>
                    {t}
                  </code>
                ))}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </>
  );
}

/** The trace behind a disclosure: read only by those who open it. */
function Trace() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="trace" className={ui.card} style={{ marginBottom: '1.5rem' }}>
      <h2 id="trace">
        <FormattedMessage id="flows.trace.title" />
      </h2>
      <p>
        <FormattedMessage id="flows.trace.intro" />
      </p>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <FormattedMessage id="flows.trace.summary" />
        </summary>
        {open ? <TraceTable /> : null}
      </details>
    </section>
  );
}

/** The simulator: pick a machine, then play it event by event (issue 36). */
function Simulator({ files }: { files: string[] }) {
  const [file, setFile] = useState(files.find((f) => nameOf(f) === 'apply') ?? files[0]!);
  return (
    <section aria-labelledby="simulator" className={ui.card} style={{ marginBottom: '1.5rem' }}>
      <h2 id="simulator">
        <FormattedMessage id="flows.simulator.title" />
      </h2>
      <p>
        <FormattedMessage id="flows.simulator.intro" />
      </p>
      <div className={ui.field}>
        <label htmlFor="simulator-machine" className={ui.label}>
          <FormattedMessage id="flows.simulator.machine" />
        </label>
        <select id="simulator-machine" className={ui.input} value={file} onChange={(e) => setFile(e.target.value)}>
          {files.map((f) => (
            <option key={f} value={f}>
              {nameOf(f)}
            </option>
          ))}
        </select>
      </div>
      <Simulated key={file} file={file} />
    </section>
  );
}

/** A machine's catalogue behind a disclosure: read only by those who open it. */
function PathsDisclosure({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <FormattedMessage id="flows.paths.summary" />
      </summary>
      {open ? <Paths name={name} /> : null}
    </details>
  );
}

/**
 * Every machine's diagram; the state each running machine is in (in this tab or another
 * tab of the portal) is highlighted live.
 */
export default function Flows() {
  usePageTitle('flows.title');
  const [live, setLive] = useState<Record<string, FlowReport>>({});
  useEffect(() => onFlowReport((r) => setLive((prev) => ({ ...prev, [r.machine]: r }))), []);
  const intl = useIntl();
  const files = Object.keys(diagrams).sort();
  // Files are kebab-case, machine ids camelCase: case-lookup.svg draws caseLookup.
  return (
    <div className={`${ui.page} ${s.wide}`}>
      <h1>
        <FormattedMessage id="flows.title" />
      </h1>
      <p>
        <FormattedMessage id="flows.intro" />
      </p>
      <Simulator files={files.filter((f) => catalogueOf(nameOf(f)))} />
      <Trace />
      {files.map((file) => {
        const machine = idOf(file);
        const report = live[machine];
        return (
          <section
            key={file}
            aria-labelledby={`flow-${nameOf(file)}`}
            className={ui.card}
            style={{ marginBottom: '1.5rem' }}
          >
            <h2 id={`flow-${nameOf(file)}`}>{nameOf(file)}</h2>
            <p>
              <FormattedMessage
                id="flows.version"
                values={{ version: <code>{(versions as Record<string, string>)[nameOf(file)]}</code> }}
              />
            </p>
            <p role="status">
              {report ? (
                <FormattedMessage id="flows.live" values={{ state: report.state }} />
              ) : (
                <FormattedMessage id="flows.notRunning" />
              )}
            </p>
            {nameOf(file) === COUNTED_FLOW ? (
              <CountedDiagram file={file} current={report ? nodeTitle(machine, report.state) : undefined} />
            ) : (
              <Diagram
                file={file}
                current={report ? nodeTitle(machine, report.state) : undefined}
                label={intl.formatMessage({ id: 'flows.diagram' }, { name: nameOf(file) })}
              />
            )}
            {catalogueOf(nameOf(file)) ? <PathsDisclosure name={nameOf(file)} /> : null}
          </section>
        );
      })}
    </div>
  );
}
