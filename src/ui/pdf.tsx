import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './ui.css.ts';
import { fileNameOf, useFileUrl } from './use-file.ts';
import { useWideEnoughForPdf } from './use-wide.ts';

/**
 * A PDF shown in the browser's own viewer, with a link for devices that cannot embed it. A
 * personal file comes through the session (`useFileUrl`): while it loads, and if it cannot, the
 * view says so where the viewer will stand. On a phone (`useWideEnoughForPdf`) it is offered
 * to open and save, never framed. `saveOffered`: the page already offers to save it (under a
 * name of its own), so the view does not.
 */
export function PdfViewer({
  src,
  title,
  height,
  saveOffered = false,
}: {
  src: string;
  title: string;
  height: number;
  saveOffered?: boolean;
}) {
  const intl = useIntl();
  const file = useFileUrl(src);
  const wide = useWideEnoughForPdf();
  // The frame's own document shows only once it has loaded: until then it says so, not an empty box.
  const [shown, setShown] = useState<string | null>(null);
  if (!file.url)
    return (
      <p className={file.failed ? s.fieldError : s.hint} role={file.failed ? 'alert' : 'status'}>
        <FormattedMessage id={file.failed ? 'file.failed' : 'file.loading'} values={{ name: title }} />
      </p>
    );
  const links = (
    <p className={s.actions} style={{ marginTop: wide ? 0 : undefined }}>
      <a href={file.url} target="_blank" rel="noopener" className={wide ? undefined : s.secondaryButton}>
        <FormattedMessage id="pdf.open" />
      </a>
      {saveOffered ? null : (
        <a href={file.url} download={fileNameOf(src)} className={wide ? undefined : s.secondaryButton}>
          <FormattedMessage id="common.download" />
        </a>
      )}
    </p>
  );
  if (!wide)
    return (
      <div className={s.card}>
        <p style={{ marginTop: 0 }}>
          <FormattedMessage id="pdf.onPhone" values={{ name: title }} />
        </p>
        {links}
      </div>
    );
  return (
    <div>
      <div className={s.pdfFrame}>
        {shown === file.url ? null : (
          <p className={`${s.hint} ${s.pdfLoading}`} role="status">
            <FormattedMessage id="file.loading" values={{ name: title }} />
          </p>
        )}
        {/* Out of the Tab order: a keyboard would otherwise walk through the whole viewer's toolbar
            to reach the next field; the Open link below gives the same file the whole window. */}
        <iframe
          className={s.pdf}
          src={file.url}
          title={intl.formatMessage({ id: 'pdf.frame' }, { name: title })}
          style={{ height }}
          tabIndex={-1}
          onLoad={() => setShown(file.url)}
        />
      </div>
      {links}
    </div>
  );
}

/**
 * The preview of a file the visitor has just chosen, shown when they ask for it: Chromium's
 * PDF viewer takes the focus when it loads, and a focus that moves by itself while the
 * visitor goes on typing is a change of context (WCAG 3.2.2) that can eat their keys.
 */
export function PdfPreview({ src, name, height }: { src: string; name: string; height: number }) {
  // Kept per file: a newly chosen file starts hidden again.
  const [shownFor, setShownFor] = useState<string | null>(null);
  const shown = shownFor === src;
  return (
    <div>
      <p>
        {/* The toggle stays where it is, so the focus stays on it when the preview opens. */}
        <button
          type="button"
          className={s.secondaryButton}
          aria-expanded={shown}
          onClick={() => setShownFor(shown ? null : src)}
        >
          <FormattedMessage id={shown ? 'pdf.hidePreview' : 'pdf.showPreview'} values={{ name }} />
        </button>
      </p>
      {shown ? <PdfViewer src={src} title={name} height={height} /> : null}
    </div>
  );
}
