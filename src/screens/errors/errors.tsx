import { Component } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { paths } from '../../app/paths.ts';
import { fatal } from '../../app/stores.ts';
import { usePageTitle } from '../../app/use-screen.ts';
import * as ui from '../../ui/ui.css.ts';

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
      <Link href={paths.home} className={ui.button}>
        <FormattedMessage id="notFound.back" />
      </Link>
    </div>
  );
}

/** The generic server-error page (spec section 8): on 500 and on unexpected exceptions. */
export function ServerError() {
  usePageTitle('serverError.title');
  return (
    <div className={ui.narrow} role="alert">
      <h1>
        <FormattedMessage id="serverError.title" />
      </h1>
      <p>
        <FormattedMessage id="serverError.text" />
      </p>
      <a
        href={paths.home}
        className={ui.button}
        onClick={() => fatal.set(null)}
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
      <p>{error.message}</p>
    </div>
  );
}

/** The router fallback: 'Unexpected Application Error!' and the error's message. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  override render() {
    return this.state.error ? <Fallback error={this.state.error} /> : this.props.children;
  }
}
