import { FormattedMessage, useIntl } from 'react-intl';
import { MEDIA_PATHS } from '../../../contract/paths.ts';
import { MANUAL_DOWNLOAD_NAME } from '../../../contract/limits.ts';
import { VIEWER_HEIGHT_MANUAL } from '../../theme/sizes.ts';
import { usePageTitle } from '../../app/for-screens/use-screen.ts';
import { PdfViewer } from '../../ui/pdf.tsx';
import * as ui from '../../ui/ui.css.ts';

export const MANUAL_URL = `${MEDIA_PATHS.manual}${MANUAL_DOWNLOAD_NAME}`;

/** The latest customer manual, embedded 1000 px high, downloadable as CUSTOMERLATEST.pdf. */
export default function Manual() {
  usePageTitle('manual.title');
  const intl = useIntl();
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="manual.title" />
      </h1>
      <p>
        <a href={MANUAL_URL} download={MANUAL_DOWNLOAD_NAME} className={ui.button}>
          <FormattedMessage id="manual.download" values={{ file: MANUAL_DOWNLOAD_NAME }} />
        </a>
      </p>
      <PdfViewer
        src={MANUAL_URL}
        title={intl.formatMessage({ id: 'manual.title' })}
        height={VIEWER_HEIGHT_MANUAL}
        saveOffered
      />
    </div>
  );
}
