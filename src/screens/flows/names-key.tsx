import { Fragment } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Catalogue, FlowLang } from '../../../contract/flow-catalogue.ts';
import { Table } from './flows-table.tsx';
import * as s from './flows.css.ts';

/**
 * The diagram's key: every state and event by the code name the diagram draws, beside what it
 * means in the page's language. The diagram keeps the code names alone, so that it stays
 * readable when fitted to a phone; `current` marks the state the simulator's walk is in.
 */
export function NamesKey({
  id,
  names,
  lang,
  current = [],
  open = false,
}: {
  id: string;
  names: Catalogue['names'];
  lang: FlowLang;
  current?: string[];
  open?: boolean;
}) {
  const kinds = [
    ['states', 'flows.paths.states'],
    ['events', 'flows.key.events'],
  ] as const;
  return (
    <details open={open} className={s.wholeWords}>
      <summary>
        <FormattedMessage id="flows.key.title" />
      </summary>
      {kinds.map(([kind, heading]) => (
        <Fragment key={kind}>
          <h4 id={`${id}-${kind}`}>
            <FormattedMessage id={heading} />
          </h4>
          <Table labelledBy={`${id}-${kind}`} headings={['flows.key.code', 'flows.key.means']}>
            {Object.entries(names[kind]).map(([code, words]) => {
              const here = kind === 'states' && current.includes(code);
              return (
                <tr key={code} aria-current={here ? 'step' : undefined} className={here ? s.keyHere : undefined}>
                  <td className={s.transition}>
                    <code>{code}</code>
                  </td>
                  <td>{words[lang]}</td>
                </tr>
              );
            })}
          </Table>
        </Fragment>
      ))}
    </details>
  );
}
