import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldError, FieldErrors } from '../../machines/api-failure.ts';
import { MB } from '../../contract/limits.ts';
import { Lockout } from './lockout.tsx';
import { useHydrated } from './use-hydrated.ts';
import * as s from './ui.css.ts';

/** While the rate-limit lockout runs, the action button is replaced by the wait message (spec section 4). */
export function LockoutButton(props: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  const locked = Lockout.useSelector((state) => state.matches('locked'));
  const remaining = Lockout.useSelector((state) => state.context.remaining);
  const { busy, ...rest } = props;
  if (locked) {
    return (
      <div className={s.wait}>
        {/* Said once by the LockoutAnnouncer; the seconds are here to read, never re-announced. */}
        <p style={{ margin: 0 }}>
          <FormattedMessage id="wait.message" />
        </p>
        <p style={{ margin: 0, fontWeight: 400 }}>
          <FormattedMessage id="wait.remaining" values={{ seconds: remaining }} />
        </p>
      </div>
    );
  }
  return <button type="submit" className={s.button} disabled={busy || !hydrated} aria-busy={busy || undefined} {...rest} />;
}

/** The text of a field error, translated: "First name must not be greater than 50 characters." */
export function useFieldErrorText() {
  const intl = useIntl();
  return (fieldLabel: string, error: FieldError): string => {
    const values = { field: fieldLabel, limit: error.limit ?? 0, max: Math.round((error.limit ?? 0) / MB) };
    switch (error.code) {
      case 'required':
        return intl.formatMessage({ id: 'errors.required' }, values);
      case 'tooLong':
        return intl.formatMessage({ id: 'errors.tooLong' }, values);
      case 'tooShort':
        return intl.formatMessage({ id: 'errors.tooShort' }, values);
      case 'mismatch':
        return intl.formatMessage({ id: 'errors.passwordMismatch' });
      case 'notPdf':
        return intl.formatMessage({ id: 'errors.notPdf' });
      case 'notImage':
        return intl.formatMessage({ id: 'errors.notImage' });
      case 'fileTooLarge':
        return intl.formatMessage({ id: 'errors.fileTooLarge' }, values);
      default:
        return intl.formatMessage({ id: 'errors.invalid' }, values);
    }
  };
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; required?: boolean; readOnly?: true }) => ReactNode;
}

/** A labelled field with its hint and error wired for screen readers (GOV.UK pattern). */
export function Field({ id, label, required, hint, error, children }: FieldProps) {
  const hydrated = useHydrated();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
        {required ? (
          // Explained in words on the page (common.requiredHint); the input itself says "required".
          <span className={s.required} aria-hidden="true" data-required-mark="">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <span className={s.hint} id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className={s.fieldError} id={`${id}-error`}>
          {error}
        </span>
      ) : null}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
        ...(required ? { required: true } : {}),
        ...(hydrated ? {} : { readOnly: true as const }),
      })}
    </div>
  );
}

/**
 * The error summary: takes focus when it appears and links to each field. A field's text
 * is its label and error code's message, unless `texts` gives the screen's own wording.
 */
export function ErrorSummary({
  errors,
  labels,
  fieldId,
  texts = {},
}: {
  errors: FieldErrors;
  labels: Record<string, string>;
  fieldId: (field: string) => string;
  texts?: Record<string, string | undefined>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const text = useFieldErrorText();
  const entries = Object.entries(errors);
  const signature = entries.map(([k, v]) => `${k}:${v.code}`).join(',');
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (entries.length === 0) return null;
  return (
    <div className={s.summary} ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">
        <FormattedMessage id="errors.summaryTitle" />
      </h2>
      <ul>
        {entries.map(([field, error]) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`}>{texts[field] ?? text(labels[field] ?? field, error)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An object URL for a chosen file (a preview), revoked when the file changes or the view goes. */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export function ProgressBar({ percent }: { percent: number }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'upload.progress' }, { percent });
  return (
    <div>
      <progress className={s.progress} max={100} value={percent} aria-label={label} />
      <span>{label}</span>
    </div>
  );
}

/** A PDF shown in the browser's own viewer, with a link for devices that cannot embed it. */
export function PdfViewer({ src, title, height }: { src: string; title: string; height: number }) {
  const intl = useIntl();
  return (
    <div>
      {/* Out of the Tab order: a keyboard would otherwise walk through the whole viewer's toolbar
          to reach the next field; the Open link below gives the same file the whole window. */}
      <iframe className={s.pdf} src={src} title={intl.formatMessage({ id: 'pdf.frame' }, { name: title })} style={{ height }} tabIndex={-1} />
      <p className={s.actions} style={{ marginTop: 0 }}>
        <a href={src} target="_blank" rel="noopener">
          <FormattedMessage id="pdf.open" />
        </a>
        <a href={src} download>
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
        <button type="button" className={s.secondaryButton} aria-expanded={shown} onClick={() => setShownFor(shown ? null : src)}>
          <FormattedMessage id={shown ? 'pdf.hidePreview' : 'pdf.showPreview'} values={{ name }} />
        </button>
      </p>
      {shown ? <PdfViewer src={src} title={name} height={height} /> : null}
    </div>
  );
}

const BADGES = {
  pending: { key: 'status.pending', color: 'grey' },
  ongoing: { key: 'status.processing', color: 'blue' },
  responded: { key: 'status.processing', color: 'blue' },
  verified: { key: 'status.responded', color: 'green' },
  rejected: { key: 'status.rejected', color: 'red' },
} as const;

/** The word shown for a stored status (spec section 4). */
export const statusKey = (status: keyof typeof BADGES): string => BADGES[status].key;

/** The status badge of spec section 4: the word is always there, the colour only adds to it. */
export function StatusBadge({ status }: { status: keyof typeof BADGES }) {
  const b = BADGES[status];
  return (
    <span className={s.badge[b.color]}>
      <FormattedMessage id={b.key} />
    </span>
  );
}
