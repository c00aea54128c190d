import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { MEDIA_PATHS, paths } from '../../../contract/paths.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { call } from '../../api/client.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { formatDate } from '../../i18n/format-date.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './complaint.css.ts';
import { identifier } from '../../../contract/case-number.ts';

const logic = createLoader(({ code }: { code: string }) => call('getComplaintByCode', { params: { code } }));

/** A complaint as its tracking code shows it: where it stands, the dates and the bureau's answer. */
export default function Complaint({ code }: { code: string }) {
  usePageTitle('complaint.title', { code });
  const lan = useLan();
  const [state, send] = useScreenMachine(logic, { code });
  const found = state.matches('loaded') ? state.context.data : null;
  return (
    <div className={ui.narrow}>
      <div className={ui.card}>
        <h1 className={s.title}>
          {/* A tracking code as the bureau gives them stays whole; anything else typed into the address may wrap. */}
          <FormattedMessage
            id="complaint.title"
            values={{
              code: identifier([code], '')?.kind === 'complaint' ? <span className={ui.unbroken}>{code}</span> : code,
            }}
          />
        </h1>
        <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} notFoundKey="complaint.notFound" />
        {found ? (
          <>
            <dl className={ui.dl}>
              <dt>
                <FormattedMessage id="complaint.status" />
              </dt>
              <dd>
                <FormattedMessage id={`complaint.state.${found.status}`} />
              </dd>
              <dt>
                <FormattedMessage id="complaint.filed" />
              </dt>
              <dd>{formatDate(found.createdAt, lan)}</dd>
              {found.reviewed_at ? (
                <>
                  <dt>
                    <FormattedMessage id="complaint.reviewed" />
                  </dt>
                  <dd>{formatDate(found.reviewed_at, lan)}</dd>
                </>
              ) : null}
              {found.answered_at ? (
                <>
                  <dt>
                    <FormattedMessage id="complaint.answered" />
                  </dt>
                  <dd>{formatDate(found.answered_at, lan)}</dd>
                </>
              ) : null}
            </dl>
            {found.answer ? (
              <>
                <h2>
                  <FormattedMessage id="complaint.answer" />
                </h2>
                <p className={s.answer}>{found.answer}</p>
                {found.answer_file ? (
                  <p>
                    <a href={`${MEDIA_PATHS.root}${found.answer_file}`}>
                      <FormattedMessage id="complaint.answerFile" />
                    </a>
                  </p>
                ) : null}
              </>
            ) : (
              <p>
                <FormattedMessage id="complaint.waiting" />
              </p>
            )}
          </>
        ) : null}
        <p>
          <Link href={paths.fileComplaint}>
            <FormattedMessage id="complaint.another" />
          </Link>
        </p>
      </div>
    </div>
  );
}
