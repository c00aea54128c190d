import { Component, Suspense } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { paths } from '../../contract/paths.ts';
import { fatal, retryFailed, useStore } from '../ui/stores.ts';
import { usePageTitle } from './for-screens/use-screen.ts';
import * as ui from '../ui/ui.css.ts';

export function NotFound() {
  usePageTitle('notFound.title');
  return (
    <div className={ui.narrow}>
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.text" />
      </p>
      {/* `~`: the root of the site, also from inside the dashboard's own routes (spec section 2). */}
      <Link href={`~${paths.home}`} className={ui.button}>
        <FormattedMessage id="notFound.back" />
      </Link>
    </div>
  );
}

/**
 * The generic server-error page (spec section 8): on 500 and on unexpected exceptions. When a
 * screen's call failed, Try again shows that screen again, as it was left, and sends its machine
 * the event that tries the call again (`retry` of the emitted `serverError`).
 */
export function ServerError() {
  usePageTitle('serverError.title');
  const retry = useStore(retryFailed);
  const again = () => {
    retryFailed.set(null);
    fatal.set(null);
    retry?.();
  };
  return (
    <div className={ui.narrow} role="alert">
      <h1>
        <FormattedMessage id="serverError.title" />
      </h1>
      <p>
        <FormattedMessage id="serverError.text" />
      </p>
      {retry && (
        <button type="button" className={ui.button} onClick={again}>
          <FormattedMessage id="common.retry" />
        </button>
      )}
      <a
        href={paths.home}
        className={retry ? ui.secondaryButton : ui.button}
        onClick={() => {
          retryFailed.set(null);
          fatal.set(null);
        }}
      >
        <FormattedMessage id="serverError.home" />
      </a>
    </div>
  );
}

/** Connection Lost (spec section 8): a full screen with Reload Page. */
export function ConnectionLost() {
  usePageTitle('connectionLost.title');
  return (
    <div className={ui.narrow} role="alert">
      <h1>
        <FormattedMessage id="connectionLost.title" />
      </h1>
      <p>
        <FormattedMessage id="connectionLost.text" />
      </p>
      <button type="button" className={ui.button} onClick={() => window.location.reload()}>
        <FormattedMessage id="connectionLost.reload" />
      </button>
    </div>
  );
}

function Fallback({ error }: { error: Error }) {
  usePageTitle('fallback.title');
  return (
    <div className={ui.narrow} role="alert">
      <h1>
        <FormattedMessage id="fallback.title" />
      </h1>
      <p className={ui.wrapAnywhere}>{error.message}</p>
      <button type="button" className={ui.button} onClick={() => window.location.reload()}>
        <FormattedMessage id="connectionLost.reload" />
      </button>
    </div>
  );
}

/**
 * While a screen's code loads (its first visit on a slow network). Marked
 * `data-loading="screen"`: what tests and `npm run bench:nav` look for, apart from a screen's data loading.
 */
function ScreenLoading() {
  return (
    <p className={ui.narrow} role="status" data-loading="screen">
      <FormattedMessage id="common.loading" />
    </p>
  );
}

/** The router fallback: 'Unexpected Application Error!' and the error's message; cleared by going elsewhere. */
class ErrorBoundary extends Component<{ children: ReactNode; location: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  override componentDidUpdate(previous: { location: string }) {
    if (previous.location !== this.props.location && this.state.error) this.setState({ error: null });
  }
  override render() {
    return this.state.error ? <Fallback error={this.state.error} /> : this.props.children;
  }
}

/** The frame of the routes: the router fallback around them, and a loading state while a screen's code arrives. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary location={location}>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
