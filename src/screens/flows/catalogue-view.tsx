import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ENTRY_KINDS } from '../../../contract/flow-catalogue.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import { paths, useCatalogueLang } from './flow-files.ts';
import * as s from './flows.css.ts';
import { NamesKey } from './names-key.tsx';

/** The headings of the catalogue's kinds of entries. */
const ENTRY_HEADINGS = {
  state: 'flows.paths.states',
  transition: 'flows.paths.transitions',
  refused: 'flows.paths.refused',
} as const;

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
          <NamesKey id={`key-${name}`} names={catalogue.names} lang={lang} />
          <p className={s.test}>
            <FormattedMessage id="flows.paths.guarantee" />
          </p>
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

/** A machine's catalogue behind a disclosure: read only by those who open it. */
export function PathsDisclosure({ name }: { name: string }) {
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
