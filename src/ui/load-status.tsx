import { FormattedMessage } from 'react-intl';
import { RetryWhenWaitIsOver, WaitMessage } from './lockout.tsx';
import { Button } from './button.tsx';
import * as s from './ui.css.ts';

/**
 * What a screen shows while its data is not there: loading, not found, the wait message
 * after a 429 (the screen loads again by itself when the wait is over), or an error with a
 * retry. `state` is the loader (or divisions) machine's.
 */
export function LoadStatus({
  state,
  onRetry,
  loadingKey = 'common.loading',
  notFoundKey,
  errorKey = 'errors.unexpected',
}: {
  state: { matches(value: string): boolean };
  onRetry: () => void;
  loadingKey?: string;
  notFoundKey?: string;
  errorKey?: string;
}) {
  if (state.matches('loading')) {
    return (
      <p role="status">
        <FormattedMessage id={loadingKey} />
      </p>
    );
  }
  if (notFoundKey && state.matches('notFound')) {
    return (
      <p role="alert">
        <FormattedMessage id={notFoundKey} />
      </p>
    );
  }
  if (state.matches('limitError')) {
    return (
      // Said by the lockout announcer (the 429 starts the app's lockout); not a second alert.
      <p className={s.wait}>
        <WaitMessage />
        <RetryWhenWaitIsOver onRetry={onRetry} />
      </p>
    );
  }
  if (state.matches('error')) {
    return (
      <div role="alert">
        <p>
          <FormattedMessage id={errorKey} />
        </p>
        <Button onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </div>
    );
  }
  return null;
}
