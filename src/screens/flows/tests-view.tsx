import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { MutationScores, PathCoverage } from '../../../contract/flow-catalogue.ts';
import coverage from '../../../docs/flows/coverage.json' with { type: 'json' };
import scores from '../../../docs/mutation/scores.json' with { type: 'json' };
import * as ui from '../../ui/ui.css.ts';
import * as s from './flows.css.ts';
import { Table } from './flows-table.tsx';

/**
 * How well the tests hold each workflow: what its model paths cover (docs/flows/coverage.json)
 * beside the share of its mutants they catch (docs/mutation/scores.json, `npm run test:mutation`).
 */
export function TestsOfFlows() {
  const paths = coverage as PathCoverage;
  const mutation = scores as MutationScores;
  return (
    <section aria-labelledby="flow-tests" className={`${ui.card} ${s.wholeWords}`} style={{ marginBottom: '1.5rem' }}>
      <h2 id="flow-tests">
        <FormattedMessage id="flows.tests.title" />
      </h2>
      <p>
        <FormattedMessage id="flows.tests.intro" values={{ date: mutation.date }} />
      </p>
      <Table labelledBy="flow-tests" headings={['flows.tests.machine', 'flows.tests.paths', 'flows.tests.mutation']}>
        {Object.entries(paths).map(([name, c]) => {
          const m = mutation.machines[name];
          return (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>
                <FormattedMessage
                  id="flows.tests.covered"
                  values={{
                    states: c.states.covered,
                    statesTotal: c.states.total,
                    transitions: c.transitions.covered,
                    transitionsTotal: c.transitions.total,
                  }}
                />
              </td>
              <td>
                {m ? (
                  <FormattedMessage
                    id="flows.tests.score"
                    values={{
                      score: <FormattedNumber value={m.score / 100} style="percent" maximumFractionDigits={1} />,
                      killed: m.killed,
                      mutants: m.mutants,
                    }}
                  />
                ) : (
                  <FormattedMessage id="flows.tests.notMutated" />
                )}
              </td>
            </tr>
          );
        })}
      </Table>
    </section>
  );
}
