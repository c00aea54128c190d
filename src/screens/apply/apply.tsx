import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { dashboardPaths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import { Confirmation, Reference } from '../../ui/reference.tsx';
import * as ui from '../../ui/ui.css.ts';
import { ApplyForm } from './apply-form.tsx';
import { ApplyReview } from './apply-review.tsx';
import { logic, savedDraft } from './logic.ts';

/**
 * Apply for a case (spec section 5): the form, then the review, then the confirmation with
 * the case number (or, offline, kept to send later). The machine decides; this view picks
 * what to show of its state and carries out the scroll and focus it asks for.
 */
export default function Apply() {
  usePageTitle('apply.title');
  const intl = useIntl();
  const [state, send, actor] = useScreenMachine(logic, { draft: savedDraft() });
  const top = useRef<HTMLHeadingElement>(null);
  /** Set by the machine's scrollTop; carried out once the confirmation view is on the page. */
  const toTop = useRef(false);

  useEffect(() => {
    const sub = actor.on('*', (e: { type: string; field?: string }) => {
      if (e.type === 'scrollTop') toTop.current = true;
      if (e.type === 'focusField' && e.field) setTimeout(() => document.getElementById(e.field ?? '')?.focus(), 0);
    });
    return () => sub.unsubscribe();
  }, [actor]);

  const confirming = state.matches({ review: 'confirming' });
  useEffect(() => {
    if (confirming && toTop.current) {
      toTop.current = false;
      window.scrollTo?.(0, 0);
      top.current?.focus();
    }
  }, [confirming]);

  const title = <h1>{intl.formatMessage({ id: 'apply.title' })}</h1>;
  if (state.matches('loading') || state.matches('failed')) {
    return (
      <div className={ui.page}>
        {title}
        <LoadStatus
          state={{
            matches: (v: string) =>
              v === 'loading' ? state.matches('loading') : v === 'error' && state.matches('failed'),
          }}
          onRetry={() => send({ type: 'RETRY' })}
          errorKey="apply.loadFailed"
        />
      </div>
    );
  }
  if (state.matches('kept')) {
    return (
      <div className={ui.page}>
        {title}
        <p className={ui.wait} role="status">
          <FormattedMessage id="apply.kept" />
        </p>
        <Link href={dashboardPaths.home}>
          <FormattedMessage id="dashboard.home" />
        </Link>
      </div>
    );
  }
  // Sent: the case number, then the case list.
  if (state.matches('succeeded') || state.matches('done')) {
    const sent = state.context.submitted;
    const staying = state.matches({ succeeded: 'staying' });
    // Moving into the number (its link, Copy) or copying it stops the clock: the person is keeping it.
    const stay = () => send({ type: 'STAY' });
    return (
      <div className={ui.page}>
        {title}
        {sent ? (
          <Confirmation>
            <FormattedMessage id="apply.submitted" />
            <span onFocus={stay} onCopy={stay}>
              <Reference code={sent.number} href={dashboardPaths.caseHref(sent.id)} advice="reference.keepNumber" />
            </span>
            <p className={ui.hint}>
              <FormattedMessage id={staying ? 'apply.staying' : 'apply.redirect'} />
            </p>
            <div className={ui.actions}>
              {staying ? null : (
                <button type="button" className={ui.secondaryButton} onClick={stay}>
                  <FormattedMessage id="apply.stay" />
                </button>
              )}
              <button type="button" className={ui.button} onClick={() => send({ type: 'LEAVE' })}>
                <FormattedMessage id="apply.leave" />
              </button>
            </div>
          </Confirmation>
        ) : null}
      </div>
    );
  }
  if (state.matches('review') || state.matches('submitting') || state.matches('keeping'))
    return <ApplyReview state={state} send={send} top={top} />;
  return <ApplyForm state={state} send={send} top={top} />;
}
