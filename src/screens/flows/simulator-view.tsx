import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Catalogue, Simulation } from '../../../contract/flow-catalogue.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import { Diagram } from './diagram.tsx';
import { idOf, nameOf, nodeTitle, paths, useCatalogueLang } from './flow-files.ts';
import * as s from './flows.css.ts';
import { NamesKey } from './names-key.tsx';
import { askedHere, nodeOf, simulator, timesOf, whoOf } from './simulator.ts';

/** The words for why the walk offers no move where it is (askedHere's `why`). */
const WHY_NO_MOVE = {
  final: 'flows.simulator.final',
  unplayed: 'flows.simulator.unplayed',
  nothingForAsker: 'flows.simulator.nothingForAsker',
  end: 'flows.simulator.end',
} as const;

/** The walk through one machine's played graph: where it is, what can happen, what a guard stops, the way there. */
function Walk({ file, simulation, names }: { file: string; simulation: Simulation; names: Catalogue['names'] }) {
  const [state, send] = useScreenMachine(simulator, { simulation });
  // A move, a step back or a new start re-draws the buttons that were pressed: focus goes to
  // where the walk now is, not to the page's start.
  const now = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  const walk = (event: Parameters<typeof send>[0]) => {
    moved.current = true;
    send(event);
  };
  useEffect(() => {
    if (moved.current) now.current?.focus();
    moved.current = false;
  }, [state.context.taken]);
  const lang = useCatalogueLang();
  const intl = useIntl();
  // Who asks and when: a view's choice of what to show, not a step of the walk.
  const [who, setWho] = useState<string | null>(null);
  const times = timesOf(simulation);
  const [when, setWhen] = useState<string | null>(times[0] ?? null);
  const askers = whoOf(simulation);
  const node = simulation.nodes[nodeOf(state.context)]!;
  const { moves, blocked, refused, why } = askedHere(state.context, who, when);
  const id = `sim-${nameOf(file)}`;
  return (
    <>
      <Diagram
        file={file}
        current={nodeTitle(idOf(file), node.states[0]!)}
        follow
        label={intl.formatMessage({ id: 'flows.diagram' }, { name: nameOf(file) })}
      />
      <NamesKey id={`${id}-key`} names={names} lang={lang} current={node.states} />
      <h3 id={`${id}-start`}>
        <FormattedMessage id="flows.simulator.start" />
      </h3>
      <ol aria-labelledby={`${id}-start`}>
        {simulation.start[lang].map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      <p role="status" className={s.now} ref={now} tabIndex={-1}>
        <FormattedMessage
          id="flows.simulator.now"
          values={{ state: <code>{node.states.join(', ')}</code>, about: node.about[lang] }}
        />
      </p>
      {askers.length ? (
        <div className={ui.field}>
          <label htmlFor={`${id}-asker`} className={ui.label}>
            <FormattedMessage id="flows.simulator.asker" />
          </label>
          <select
            id={`${id}-asker`}
            className={ui.input}
            value={who ?? ''}
            onChange={(e) => {
              setWho(e.target.value || null);
              if (!e.target.value) setWhen(times[0] ?? null);
            }}
          >
            <option value="">{intl.formatMessage({ id: 'flows.simulator.anyone' })}</option>
            {askers.map((a) => (
              <option key={a} value={a}>
                {simulation.askers![a]![lang]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {who !== null && times.length ? (
        <div className={ui.field}>
          <label htmlFor={`${id}-when`} className={ui.label}>
            <FormattedMessage id="flows.simulator.when" />
          </label>
          <select id={`${id}-when`} className={ui.input} value={when ?? ''} onChange={(e) => setWhen(e.target.value)}>
            {times.map((t) => (
              <option key={t} value={t}>
                {simulation.askedWhen!.times[t]![lang]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <h3 id={`${id}-moves`}>
        <FormattedMessage id="flows.simulator.moves" />
      </h3>
      {why ? (
        <p>
          <FormattedMessage id={WHY_NO_MOVE[why]} values={{ state: <code>{node.states.join(', ')}</code> }} />
        </p>
      ) : null}
      {moves.length || blocked.length ? (
        <ul aria-labelledby={`${id}-moves`} className={s.moves}>
          {moves.map((i) => (
            <li key={i}>
              <button type="button" className={ui.secondaryButton} onClick={() => walk({ type: 'MOVE', move: i })}>
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
      {refused === null ? null : (
        <>
          <h3 id={`${id}-refused`}>
            <FormattedMessage id="flows.simulator.refused" />
          </h3>
          {refused.length ? (
            <ul aria-labelledby={`${id}-refused`}>
              {refused.map((r, i) => (
                <li key={i}>{r[lang]}</li>
              ))}
            </ul>
          ) : (
            <p>
              <FormattedMessage id="flows.simulator.noneRefused" />
            </p>
          )}
        </>
      )}
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={!state.can({ type: 'BACK' })}
          onClick={() => walk({ type: 'BACK' })}
        >
          <FormattedMessage id="flows.simulator.back" />
        </button>
        <button type="button" className={ui.secondaryButton} onClick={() => walk({ type: 'RESET' })}>
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
  const catalogue = state.matches('loaded') ? state.context.data : undefined;
  return (
    <>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {catalogue?.simulation ? <Walk file={file} simulation={catalogue.simulation} names={catalogue.names} /> : null}
    </>
  );
}

/** The simulator: pick a machine, then play it event by event (issue 36). */
export function Simulator({ files }: { files: string[] }) {
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
