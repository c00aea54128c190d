import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { RATING_MAX } from '../../../contract/limits.ts';
import type { Rated } from '../../../machines/rating.machine.ts';
import { ratingMachine } from '../../../machines/rating.machine.ts';
import { call } from '../../api/client.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import * as ui from '../../ui/ui.css.ts';
import * as s from './case-detail.css.ts';
import { LockoutButton } from '../../ui/lockout-button.tsx';

const logic = ratingMachine.provide({
  actors: {
    rate: fromPromise(({ input }: { input: { rateNum: number; rateCase: string } }) =>
      call('createCustomerRating', { body: input }),
    ),
  },
});

/** The rating modal: a Radix dialog (focus trapped, Escape closes) over the rating machine. */
export function RatingDialog({
  caseId,
  current,
  onRated,
}: {
  caseId: string;
  current: number | null;
  onRated: (rated: Rated) => void;
}) {
  const intl = useIntl();
  const [state, send, actor] = useScreenMachine(logic, { caseId, current });
  // Once rated, the trigger goes away: the page, not Radix, decides where the focus goes.
  const rated = useRef(false);
  useEffect(() => {
    const sub = actor.on('rated', (event) => {
      rated.current = true;
      onRated(event);
    });
    return () => sub.unsubscribe();
  }, [actor, onRated]);
  const open = !state.matches('closed');
  const busy = state.matches('submitting');
  return (
    <Dialog.Root open={open} onOpenChange={(next) => send({ type: next ? 'OPEN' : 'CLOSE' })}>
      <Dialog.Trigger className={ui.button}>
        <FormattedMessage id="detail.rate" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.overlay} />
        <Dialog.Content
          className={ui.dialog}
          aria-describedby="rating-hint"
          onCloseAutoFocus={(e) => rated.current && e.preventDefault()}
        >
          <Dialog.Title>
            <FormattedMessage id="rating.title" />
          </Dialog.Title>
          <Dialog.Close className={s.close} aria-label={intl.formatMessage({ id: 'common.close' })}>
            ×
          </Dialog.Close>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <fieldset
              className={s.stars}
              onKeyDown={(e) => {
                // The keyboard's way to clear the rating (the mouse's is a double click on the first star).
                if (e.key === 'Delete' || e.key === 'Backspace') send({ type: 'RESET' });
              }}
            >
              <legend>
                <FormattedMessage id="rating.stars" />
              </legend>
              {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
                <label
                  key={n}
                  className={s.star}
                  data-on={n <= state.context.value || undefined}
                  onDoubleClick={n === 1 ? () => send({ type: 'RESET' }) : undefined}
                >
                  <input
                    type="radio"
                    name="stars"
                    className={ui.visuallyHidden}
                    value={n}
                    checked={state.context.value === n}
                    onChange={() => send({ type: 'SET', value: n })}
                  />
                  <span aria-hidden="true">★</span>
                  <span className={ui.visuallyHidden}>{intl.formatMessage({ id: 'rating.star' }, { count: n })}</span>
                </label>
              ))}
            </fieldset>
            <p id="rating-hint" className={ui.hint}>
              <FormattedMessage id="rating.resetHint" />
            </p>
            {state.context.needsChoice ? (
              <p className={ui.fieldError} role="alert">
                <FormattedMessage id="rating.choose" />
              </p>
            ) : null}
            <LockoutButton busy={busy}>
              <FormattedMessage id={busy ? 'common.sending' : 'rating.submit'} />
            </LockoutButton>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
