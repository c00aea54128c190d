import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import * as ui from './ui.css.ts';

/**
 * A confirmation that carries something the person must keep (a tracking code, a case
 * number). It is brought into view and focused when it appears, so that a phone shows it
 * and a screen reader reads it, however far down the page the person pressed Submit.
 * `take` false leaves focus where it is (a kept letter sent while the person
 * is typing something else): then it is only announced.
 */
export function Confirmation({ children, take = true }: { children: ReactNode; take?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // Once, when it appears: a later render never takes focus back.
  const taking = useRef(take);
  useEffect(() => {
    const el = box.current;
    if (!el || !taking.current) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={box} tabIndex={-1} role="status" className={ui.confirmation}>
      {children}
    </div>
  );
}

/** Whether focus is nowhere in particular (the page, or nothing): then a confirmation may take it. */
export function focusIsFree(): boolean {
  const el = typeof document === 'undefined' ? null : document.activeElement;
  return !el || el === document.body || el === document.documentElement;
}

/**
 * The reference itself: a link to its page (when it has one), a Copy button, and the advice
 * to write it down (a message id). Without the Clipboard API (a page over plain HTTP) the
 * reference is selected for the person to copy.
 */
export function Reference({
  code,
  href,
  advice,
}: {
  code: string;
  href?: string | undefined;
  advice: 'reference.keepCode' | 'reference.keepNumber';
}) {
  const intl = useIntl();
  const text = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'selected'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
      return;
    } catch {
      // No Clipboard API here (or it was refused): select the code instead.
    }
    const selection = window.getSelection();
    if (text.current && selection) {
      const range = document.createRange();
      range.selectNodeContents(text.current);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    setCopied(document.execCommand?.('copy') ? 'yes' : 'selected');
  };
  const shown = (
    <strong ref={text} className={ui.reference}>
      {code}
    </strong>
  );
  return (
    <>
      {' '}
      <span className={ui.referenceLine}>
        {href ? <Link href={href}>{shown}</Link> : shown}{' '}
        <button
          type="button"
          className={ui.secondaryButton}
          aria-label={intl.formatMessage(
            { id: copied === 'yes' ? 'reference.copied' : 'reference.copyLabel' },
            { code },
          )}
          onClick={() => void copy()}
        >
          <FormattedMessage id={copied === 'yes' ? 'reference.copied' : 'reference.copy'} />
        </button>
        <span className={ui.hint} aria-live="polite">
          {copied === 'selected' ? <FormattedMessage id="reference.selected" /> : <FormattedMessage id={advice} />}
        </span>
      </span>
    </>
  );
}
