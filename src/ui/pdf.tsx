import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './ui.css.ts';
import { fileNameOf, useFileUrl } from './use-file.ts';

/**
 * A PDF shown in the browser's own viewer, with a link for devices that cannot embed it. A
 * personal file comes through the session (`useFileUrl`): while it loads, and if it cannot, the
 * view says so where the viewer will stand.
 */
export function PdfViewer({ src, title, height }: { src: string; title: string; height: number }) {
  const intl = useIntl();
  const file = useFileUrl(src);
  if (!file.url)
    return (
      <p className={file.failed ? s.fieldError : s.hint} role={file.failed ? 'alert' : 'status'}>
        <FormattedMessage id={file.failed ? 'file.failed' : 'file.loading'} values={{ name: title }} />
      </p>
    );
  return (
    <div>
      {/* Out of the Tab order: a keyboard would otherwise walk through the whole viewer's toolbar
          to reach the next field; the Open link below gives the same file the whole window. */}
      <iframe
        className={s.pdf}
        src={file.url}
        title={intl.formatMessage({ id: 'pdf.frame' }, { name: title })}
        style={{ height }}
        tabIndex={-1}
      />
      <p className={s.actions} style={{ marginTop: 0 }}>
        <a href={file.url} target="_blank" rel="noopener">
          <FormattedMessage id="pdf.open" />
        </a>
        <a href={file.url} download={fileNameOf(src)}>
          <FormattedMessage id="common.download" />
        </a>
      </p>
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
