import { FormattedMessage } from 'react-intl';
import { EVIDENCE_PATHS } from '../../../contract/evidence.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import { describes } from './flow-files.ts';

/** The commit and dates this page describes, and the evidence pack to file (issue 52), from the build's pack. */
export function Evidence() {
  const [state, send] = useScreenMachine(describes);
  if (state.matches('notFound'))
    return (
      <p>
        <FormattedMessage id="flows.evidence.none" values={{ command: <code>npm run evidence -- --out DIR</code> }} />
      </p>
    );
  const d = state.matches('loaded') ? state.context.data : null;
  if (!d) return <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />;
  return (
    <p>
      <FormattedMessage
        id="flows.evidence.describes"
        values={{ commit: <code>{d.commit.slice(0, 12)}</code>, date: d.committed.slice(0, 10) }}
      />{' '}
      {d.uncommitted ? <FormattedMessage id="flows.evidence.uncommitted" /> : null}{' '}
      {d.pdf ? (
        <a href={EVIDENCE_PATHS.pdf} download>
          <FormattedMessage id="flows.evidence.pdf" />
        </a>
      ) : null}
      {d.pdf ? ' · ' : null}
      <a href={EVIDENCE_PATHS.html}>
        <FormattedMessage id="flows.evidence.html" />
      </a>
    </p>
  );
}
