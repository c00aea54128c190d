import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Letter, LetterKind } from '../letters/letters.ts';
import { subscribe, take } from '../letters/letters.ts';
import { formatTime } from '../../contract/dates.ts';
import { useLan } from '../i18n/i18n.tsx';
import { fieldLang } from '../i18n/languages.ts';
import { serverMessage } from '../i18n/localize.ts';
import { dashboardPaths, paths } from '../../contract/paths.ts';
import { Confirmation, Reference, focusIsFree } from './reference.tsx';
import * as ui from './ui.css.ts';

/** Where a sent letter's reference leads: the complaint's page, or the case's. */
function hrefOf(l: Letter): string | undefined {
  if (!l.reference) return undefined;
  if (l.kind === 'complaint') return paths.complaint.href(l.reference);
  return l.caseId ? dashboardPaths.caseHref(l.caseId) : undefined;
}

const SENT: Record<LetterKind, string> = {
  complaint: 'letters.sent.complaint',
  application: 'letters.sent.application',
};

/**
 * The letters of one kind this tab may show (src/letters `take`), kept up to date. An answered
 * letter has left the device once taken: it stays on this page until dismissed.
 */
function useLetters(kind: LetterKind, owner: string | null): [Letter[], (key: string) => void] {
  const [list, setList] = useState<Letter[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void take(kind, owner).then((taken) => {
        if (!live) return;
        setList((shown) => {
          const fresh = new Set(taken.map((l) => l.key));
          const answered = shown.filter((l) => l.state !== 'waiting' && !fresh.has(l.key));
          return [...answered, ...taken].sort((a, b) => a.keptAt - b.keptAt);
        });
      });
    const stop = subscribe(load);
    load();
    return () => {
      live = false;
      stop();
    };
  }, [kind, owner]);
  const dismissed = (key: string) => setList((shown) => shown.filter((l) => l.key !== key));
  return [list, dismissed];
}

/**
 * What was written without a connection and kept on this device (src/letters): waiting to be
 * sent, then its case number or tracking code (or the server's reason for refusing it), shown
 * on this page until the person dismisses it (it has left the device by then). Changes are
 * announced.
 */
export function KeptLetters({ kind, owner }: { kind: LetterKind; owner: string | null }) {
  const intl = useIntl();
  const lan = useLan();
  const [list, dismissed] = useLetters(kind, owner);
  return (
    <section
      className={ui.card}
      aria-labelledby={`kept-${kind}`}
      hidden={list.length === 0}
      style={{ marginTop: '1.5rem' }}
    >
      <h2 id={`kept-${kind}`}>
        <FormattedMessage id="letters.title" />
      </h2>
      <ul aria-live="polite" className={ui.wrapAnywhere}>
        {list.map((l) => (
          <li key={l.key} data-state={l.state}>
            {l.state === 'waiting' ? (
              <FormattedMessage
                id="letters.waiting"
                values={{ label: l.label, time: formatTime(l.keptAt, fieldLang(lan)) }}
              />
            ) : l.state === 'sent' ? (
              <Confirmation take={focusIsFree()}>
                <FormattedMessage id={SENT[kind]} values={{ label: l.label }} />
                <Reference
                  code={l.reference ?? ''}
                  href={hrefOf(l)}
                  advice={kind === 'complaint' ? 'reference.keepCode' : 'reference.keepNumber'}
                />
              </Confirmation>
            ) : (
              <FormattedMessage
                id="letters.refused"
                values={{ label: l.label, reason: l.messages ? serverMessage(l.messages, lan) : '' }}
              />
            )}{' '}
            {l.state !== 'waiting' ? (
              <button
                type="button"
                className={ui.linkButton}
                aria-label={intl.formatMessage({ id: 'letters.dismissLabel' }, { label: l.label })}
                onClick={() => dismissed(l.key)}
              >
                <FormattedMessage id="letters.dismiss" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
