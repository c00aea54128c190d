import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Letter, LetterKind } from '../outbox/outbox.ts';
import { dismiss, letters, subscribe } from '../outbox/outbox.ts';
import { useLan } from '../i18n/i18n.tsx';
import { serverMessage } from '../i18n/localize.ts';
import * as ui from './ui.css.ts';

const SENT: Record<LetterKind, string> = { complaint: 'outbox.sent.complaint', application: 'outbox.sent.application' };

/** The letters of one kind (and, for applications, of one customer) in the outbox, kept up to date. */
function useLetters(kind: LetterKind, owner: string | null): Letter[] {
  const [list, setList] = useState<Letter[]>([]);
  useEffect(() => {
    let live = true;
    const load = () => void letters().then((all) => live && setList(all.filter((l) => l.kind === kind && l.owner === owner)));
    const stop = subscribe(load);
    load();
    return () => {
      live = false;
      stop();
    };
  }, [kind, owner]);
  return list;
}

/**
 * What was written without a connection and kept on this device (src/outbox): waiting to be
 * sent, then its case number or tracking code (or the server's reason for refusing it) until
 * the person dismisses it. Changes are announced.
 */
export function KeptLetters({ kind, owner }: { kind: LetterKind; owner: string | null }) {
  const intl = useIntl();
  const lan = useLan();
  const list = useLetters(kind, owner);
  return (
    <section className={ui.card} aria-labelledby={`kept-${kind}`} hidden={list.length === 0} style={{ marginTop: '1.5rem' }}>
      <h2 id={`kept-${kind}`}>
        <FormattedMessage id="outbox.title" />
      </h2>
      <ul aria-live="polite" className={ui.wrapAnywhere}>
        {list.map((l) => (
          <li key={l.key} data-state={l.state}>
            {l.state === 'waiting' ? (
              <FormattedMessage id="outbox.waiting" values={{ label: l.label, time: new Date(l.keptAt) }} />
            ) : l.state === 'sent' ? (
              <FormattedMessage id={SENT[kind]} values={{ label: l.label, reference: <strong>{l.reference}</strong> }} />
            ) : (
              <FormattedMessage id="outbox.refused" values={{ label: l.label, reason: l.messages ? serverMessage(l.messages, lan) : '' }} />
            )}{' '}
            {l.state !== 'waiting' ? (
              <button
                type="button"
                className={ui.linkButton}
                aria-label={intl.formatMessage({ id: 'outbox.dismissLabel' }, { label: l.label })}
                onClick={() => void dismiss(l.key)}
              >
                <FormattedMessage id="outbox.dismiss" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
