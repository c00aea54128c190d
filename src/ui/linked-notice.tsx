import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { LinkedPage } from '../../contract/linked.ts';
import { linkedPage } from '../../contract/linked.ts';
import { paths } from '../../contract/paths.ts';
import { useHydrated } from './use-hydrated.ts';
import * as ui from './ui.css.ts';

/**
 * The page a link named, handed on in the tab's history state (src/app/app.tsx's guard, then
 * this notice's Log in): read again through the contract's own check, whoever wrote the state.
 * Only after hydration: a page rendered at build time knows no history.
 */
export function linkedHere(): { address: string; page: LinkedPage } | null {
  if (typeof history === 'undefined') return null;
  const address = (history.state as { linked?: unknown } | null)?.linked;
  const page = linkedPage(address);
  return page && typeof address === 'string' ? { address, page } : null;
}

/**
 * Why a visitor who opened a link to their case is on the landing page or the login (ADR 0034):
 * the case it names, and on the landing page the way to log in, in sight at the top. Nothing
 * of it in the render that hydrates a page rendered at build time, which knows no history; the
 * login keeps its room there (`ui.linkedSlot`, shown only on the page sent at a link).
 */
export function LinkedNotice({ on }: { on: 'landing' | 'login' }) {
  const hydrated = useHydrated();
  const linked = hydrated ? linkedHere() : null;
  if (on === 'login' && !hydrated) return <p className={ui.linkedSlot} />;
  if (!linked) return null;
  const number = linked.page.caseNumber;
  const values = { number: <span className={ui.unbroken}>{number}</span> };
  if (on === 'login')
    return (
      <p className={ui.linkedNotice} data-testid="linked-notice">
        <FormattedMessage
          id={linked.page.print ? 'linked.afterLoginPrint' : number ? 'linked.afterLogin' : 'linked.afterLoginAny'}
          values={values}
        />
      </p>
    );
  return (
    <div className={ui.narrow}>
      <section className={ui.notice} aria-labelledby="linked-title" data-testid="linked-notice">
        <p id="linked-title" className={ui.noticeTitle}>
          <FormattedMessage id={number ? 'linked.title' : 'linked.titleAny'} values={values} />
        </p>
        <p>
          <FormattedMessage id="linked.why" />
        </p>
        <Link href={paths.login} state={{ linked: linked.address }} className={ui.button}>
          <FormattedMessage id="nav.login" />
        </Link>
      </section>
    </div>
  );
}
