import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { CASE_PHONE_HEADER } from '../../../contract/endpoints.ts';
import { VIEWER_HEIGHT_MANUAL } from '../../../contract/limits.ts';
import { loaderMachine } from '../../../machines/loader.machine.ts';
import { call } from '../../api/client.ts';
import { usePageTitle, useScreenMachine } from '../../app/use-screen.ts';
import { Button, PdfViewer } from '../../ui/controls.tsx';
import * as ui from '../../ui/ui.css.ts';

interface PrintInput {
  id: string;
  phone?: string;
}

const logic = loaderMachine.provide({
  actors: {
    load: fromPromise<unknown, unknown>(({ input }) => {
      const { id, phone } = input as PrintInput;
      return call('printCase', { params: { id }, headers: phone ? { [CASE_PHONE_HEADER]: phone } : {} });
    }),
  },
});

/** The printable case: the generated PDF embedded, with a download link (the only way on small screens). */
export default function Print({ id }: { id: string }) {
  usePageTitle('print.title');
  const intl = useIntl();
  // The phone on file, when the visitor came from the status lookup with it.
  const phone = (history.state as { phone?: string } | null)?.phone;
  const [state, send] = useScreenMachine(logic, phone ? { id, phone } : { id });
  const file = state.matches('loaded') ? (state.context.data as { path: string; file_name: string }) : null;
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="print.title" />
      </h1>
      {state.matches('loading') ? (
        <p role="status">
          <FormattedMessage id="print.preparing" />
        </p>
      ) : null}
      {state.matches('notFound') ? (
        <p role="alert">
          <FormattedMessage id="lookup.notFound" />
        </p>
      ) : null}
      {state.matches('limitError') ? (
        <p className={ui.wait} role="alert">
          <FormattedMessage id="wait.message" />
        </p>
      ) : null}
      {state.matches('error') ? (
        <div role="alert">
          <p>
            <FormattedMessage id="errors.unexpected" />
          </p>
          <Button onClick={() => send({ type: 'RETRY' })}>
            <FormattedMessage id="common.retry" />
          </Button>
        </div>
      ) : null}
      {file ? (
        <>
          <p>
            <a href={file.path} download={file.file_name} className={ui.button}>
              <FormattedMessage id="print.download" />
            </a>
          </p>
          <PdfViewer src={file.path} title={intl.formatMessage({ id: 'print.title' })} height={VIEWER_HEIGHT_MANUAL} />
        </>
      ) : null}
    </div>
  );
}
