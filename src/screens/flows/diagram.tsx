import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COUNT_MARK } from '../../../contract/flow-catalogue.ts';
import { FLOW_REPORT_DAYS } from '../../../contract/limits.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { call } from '../../api/client.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import { diagrams, idOf, nameOf, nodeTitle } from './flow-files.ts';
import * as s from './flows.css.ts';
import * as ui from '../../ui/ui.css.ts';
import { Table } from './flows-table.tsx';

/** The case lifecycle's transitions counted by the server from the case history. */
const counts = createLoader(() => call('getFlowCounts', { query: { days: String(FLOW_REPORT_DAYS) } }));

type Counted = { from: string | null; event: string; to: string; count: number }[];

/**
 * Puts each count on its arrow: each transition's label is a node of its own,
 * `<from>__<to>__label` (`__2__label` for a second transition between the same states), its
 * first line `EVENT [guard]`, its last a line kept for the count (COUNT_MARK).
 */
function showCounts(svg: Element, machine: string, counted: Counted) {
  for (const node of svg.querySelectorAll('g.node')) {
    const title = node.querySelector('title')?.textContent ?? '';
    const texts = [...node.querySelectorAll('text')];
    const mark = texts[texts.length - 1];
    if (!mark || !title.endsWith('__label') || (mark.dataset.mark === undefined && mark.textContent !== COUNT_MARK))
      continue;
    mark.dataset.mark = '';
    const event = texts[0]!.textContent?.split(' ')[0];
    const pair = title.replace(/(__\d+)?__label$/, '');
    const t = counted.find(
      (c) => c.from && c.event === event && pair === `${nodeTitle(machine, c.from)}__${nodeTitle(machine, c.to)}`,
    );
    mark.textContent = t ? `× ${t.count}` : COUNT_MARK;
  }
}

export function Diagram({
  file,
  current,
  label,
  counted,
  follow = false,
}: {
  file: string;
  current: string | undefined;
  label: string;
  /** The counts to put on the arrows; null while they load; left out where the diagram shows none. */
  counted?: Counted | null;
  /** Scroll the picture sideways so that the current state is in view (the simulator's walk). */
  follow?: boolean;
}) {
  const [svg, setSvg] = useState('');
  // Fitted to the box's width by default; the actual size (readable on a phone) scrolls sideways.
  const [fit, setFit] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    void (diagrams[file] as () => Promise<string>)().then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [file]);
  useEffect(() => {
    const frame = box.current;
    for (const node of frame?.querySelectorAll('g.node') ?? []) {
      const here = !!current && node.querySelector('title')?.textContent === current;
      node.classList.toggle(s.currentNode, here);
      if (here && follow && frame) {
        const [at, view] = [node.getBoundingClientRect(), frame.getBoundingClientRect()];
        frame.scrollLeft += at.left + at.width / 2 - (view.left + view.width / 2);
      }
    }
  }, [svg, current, follow, fit]);
  useEffect(() => {
    if (!box.current) return;
    if (counted) showCounts(box.current, idOf(file), counted);
    else if (counted === undefined)
      for (const text of box.current.querySelectorAll('text'))
        if (text.textContent === COUNT_MARK) text.textContent = '';
  }, [svg, counted, file]);
  // The SVG is generated from our own machines at build time (docs/flows), never from input.
  // A picture that scrolls sideways on a phone: focusable to scroll it by keyboard, named for screen readers, which read the paths below.
  return (
    <>
      <button type="button" className={ui.secondaryButton} aria-pressed={!fit} onClick={() => setFit(!fit)}>
        <FormattedMessage id="flows.diagram.actualSize" />
      </button>
      <div
        ref={box}
        role="img"
        aria-label={label}
        tabIndex={0}
        className={fit ? `${s.diagram} ${s.fitted}` : s.diagram}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </>
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
export function CountedDiagram({ file, current }: { file: string; current: string | undefined }) {
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
