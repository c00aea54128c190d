import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COUNTED_FLOW } from '../../../contract/flow-catalogue.ts';
import type { FlowReport } from '../../app/for-screens/flow-monitor.ts';
import { onFlowReport } from '../../app/for-screens/flow-monitor.ts';
import { usePageTitle } from '../../app/for-screens/use-screen.ts';
import versions from '../../../docs/flows/versions.json' with { type: 'json' };
import * as ui from '../../ui/ui.css.ts';
import { PathsDisclosure } from './catalogue-view.tsx';
import { CountedDiagram, Diagram } from './diagram.tsx';
import { catalogueOf, diagrams, idOf, nameOf, nodeTitle } from './flow-files.ts';
import * as s from './flows.css.ts';
import { Evidence } from './evidence-view.tsx';
import { Simulator } from './simulator-view.tsx';
import { TestsOfFlows } from './tests-view.tsx';
import { Trace } from './trace-view.tsx';

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
  return (
    <div className={`${ui.page} ${s.wide}`}>
      <h1>
        <FormattedMessage id="flows.title" />
      </h1>
      <p>
        <FormattedMessage id="flows.intro" />
      </p>
      <Evidence />
      <Simulator files={files.filter((f) => catalogueOf(nameOf(f)))} />
      <Trace />
      <TestsOfFlows />
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
