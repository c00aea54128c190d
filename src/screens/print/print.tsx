import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { CASE_PHONE_HEADER } from '../../../contract/endpoints.ts';
import { withCaseNumber } from '../../../contract/linked.ts';
import { paths } from '../../../contract/paths.ts';
import type { PrintResult } from '../../../contract/cases/answers.ts';
import type { LanCode } from '../../../contract/languages.ts';
import { VIEWER_HEIGHT_PRINT } from '../../theme/sizes.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { call } from '../../api/client.ts';
import { saveFileAs } from '../../api/files.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { formatDate } from '../../i18n/format-date.ts';
import { localized } from '../../i18n/localize.ts';
import { PdfViewer } from '../../ui/pdf.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import { Rows } from '../../ui/rows.tsx';
import { StatusBadge, statusKey } from '../../ui/status-badge.tsx';
import * as ui from '../../ui/ui.css.ts';

interface PrintInput {
  id: string;
  lan: LanCode;
  phone?: string;
}

const logic = createLoader(({ id, lan, phone }: PrintInput) =>
  call('printCase', { params: { id }, query: { lan }, headers: phone ? { [CASE_PHONE_HEADER]: phone } : {} }),
);

/**
 * What the print says, readable on a phone before the PDF (issue 51): the number, status and
 * type, when it was filed, when it closed or the appointment ahead.
 */
function PrintSummary({ printed }: { printed: PrintResult }) {
  const intl = useIntl();
  const lan = useLan();
  const t = (id: string) => intl.formatMessage({ id });
  const rows: [string, ReactNode][] = [
    [t('case.caseName'), localized(printed.caselist, 'case_name', lan)],
    [t('case.submitted'), formatDate(printed.createdAt, lan)],
  ];
  if (printed.closed_on)
    rows.push([t('print.closed'), `${formatDate(printed.closed_on, lan)} — ${t(statusKey(printed.status))}`]);
  if (printed.appointment) rows.push([t('detail.appointment'), formatDate(printed.appointment, lan)]);
  return (
    <section className={ui.card} aria-labelledby="print-case">
      <h2 id="print-case" style={{ marginTop: 0 }}>
        <span className={ui.unbroken}>{printed.case_number}</span> <StatusBadge status={printed.status} />
      </h2>
      <Rows rows={rows} />
    </section>
  );
}

/**
 * The printable case: what it says in short, the generated PDF to save (under the case's
 * number) and, on a wide screen, embedded. A print without the owner's session or phone hides
 * the personal details: it says so, and the owner may log in to print it whole (ADR 0034).
 */
export default function Print({ id }: { id: string }) {
  usePageTitle('print.title');
  const intl = useIntl();
  const lan = useLan();
  // The phone on file, when the visitor came from the status lookup with it.
  const phone = (history.state as { phone?: string } | null)?.phone;
  const [state, send] = useScreenMachine(logic, phone ? { id, lan, phone } : { id, lan });
  const printed = state.matches('loaded') ? state.context.data : null;
  const saveAs = printed ? `${printed.case_number}.pdf` : undefined;
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="print.title" />
      </h1>
      <LoadStatus
        state={state}
        onRetry={() => send({ type: 'RETRY' })}
        loadingKey="print.preparing"
        notFoundKey="lookup.notFound"
      />
      {printed ? (
        <>
          {printed.masked ? (
            <div className={ui.notice} data-testid="print-masked">
              <p style={{ marginTop: 0 }}>
                <FormattedMessage id="print.masked" />
              </p>
              <Link
                href={paths.login}
                state={{ linked: withCaseNumber(paths.print.href(id), printed.case_number) }}
                className={ui.button}
              >
                <FormattedMessage id="print.loginForAll" />
              </Link>
            </div>
          ) : null}
          <PrintSummary printed={printed} />
          <p>
            <a
              href={printed.path}
              download={saveAs}
              className={ui.button}
              onClick={(e) => {
                e.preventDefault();
                void saveFileAs(printed.path, saveAs ?? 'print.pdf');
              }}
            >
              {/* One box inside the button's flex box: its words wrap as a line of text, the name kept whole. */}
              <span>
                <FormattedMessage
                  id="print.download"
                  values={{ file: <span className={ui.unbroken}>{saveAs}</span> }}
                />
              </span>
            </a>
          </p>
          <PdfViewer
            src={printed.path}
            title={intl.formatMessage({ id: 'print.title' })}
            height={VIEWER_HEIGHT_PRINT}
            saveOffered
          />
        </>
      ) : null}
    </div>
  );
}
