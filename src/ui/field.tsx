import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldError, FieldErrors } from '../../machines/api-failure.ts';
import { MB } from '../../contract/limits.ts';
import * as s from './ui.css.ts';

/** The text of a field error, translated: "First name must be at most 49 characters." */
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
      case 'notPhone':
        return intl.formatMessage({ id: 'errors.notPhone' }, values);
      case 'notPdf':
        return intl.formatMessage({ id: 'errors.notPdf' });
      case 'notImage':
        return intl.formatMessage({ id: 'errors.notImage' });
      case 'fileTooLarge':
        return intl.formatMessage({ id: 'errors.fileTooLarge' }, values);
      case 'noneOpen':
        return intl.formatMessage({ id: 'errors.noneOpen' });
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
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; required?: boolean }) => ReactNode;
}

/** A labelled field with its hint and error wired for screen readers (GOV.UK pattern). */
export function Field({ id, label, required, hint, error, children }: FieldProps) {
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
