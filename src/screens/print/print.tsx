import { FormattedMessage, useIntl } from 'react-intl';
import { CASE_PHONE_HEADER } from '../../../contract/endpoints.ts';
import { VIEWER_HEIGHT_PRINT } from '../../theme/sizes.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { call } from '../../api/client.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { PdfViewer } from '../../ui/pdf.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';

interface PrintInput {
  id: string;
  phone?: string;
}

const logic = createLoader(({ id, phone }: PrintInput) =>
  call('printCase', { params: { id }, headers: phone ? { [CASE_PHONE_HEADER]: phone } : {} }),
);

/** The printable case: the generated PDF embedded, with a download link (the only way on small screens). */
export default function Print({ id }: { id: string }) {
  usePageTitle('print.title');
  const intl = useIntl();
  // The phone on file, when the visitor came from the status lookup with it.
  const phone = (history.state as { phone?: string } | null)?.phone;
  const [state, send] = useScreenMachine(logic, phone ? { id, phone } : { id });
  const file = state.matches('loaded') ? state.context.data : null;
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
      {file ? (
        <>
          <p>
            <a href={file.path} download={file.file_name} className={ui.button}>
              <FormattedMessage id="print.download" />
            </a>
          </p>
          <PdfViewer src={file.path} title={intl.formatMessage({ id: 'print.title' })} height={VIEWER_HEIGHT_PRINT} />
        </>
      ) : null}
    </div>
  );
}
