import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Requirement } from '../../../trace/requirement.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './flows.css.ts';
import { Table } from './flows-table.tsx';

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
export function Trace() {
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
