import type { ReactNode } from 'react';
import { Suspense, lazy, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useLan } from '../i18n/i18n.tsx';
import { SELECTABLE, isLanCode, language } from '../i18n/languages.ts';
import * as s from './layout.css.ts';
import { paths } from '../../contract/paths.ts';
import { BUREAU_WEBSITE } from './for-screens/links.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import { showToast } from '../ui/stores.ts';
import { Session } from './session.tsx';

export function Logo() {
  const intl = useIntl();
  return (
    <svg className={s.logo} viewBox="0 0 40 40" role="img" aria-label={intl.formatMessage({ id: 'app.logoAlt' })}>
      <rect width="40" height="40" rx="8" fill="#0b3d91" />
      <path d="M8 20 L20 9 L32 20 V31 H24 V24 H16 V31 H8 Z" fill="#fff" />
    </svg>
  );
}

export function LanguageSelect() {
  const lan = useLan();
  const intl = useIntl();
  // Chosen before the script arrives, a language could not be switched to: it waits for it.
  const hydrated = useHydrated();
  return (
    <select
      disabled={!hydrated}
      className={s.langSelect}
      aria-label={intl.formatMessage({ id: 'lang.label' })}
      value={SELECTABLE.includes(lan) ? lan : 'Am'}
      onChange={(e) => {
        if (!isLanCode(e.target.value)) return;
        // The catalog is fetched on the first switch; without a connection the page stays as it is.
        language.set(e.target.value).catch(() => showToast({ kind: 'error', key: 'errors.network' }));
      }}
    >
      {SELECTABLE.map((l) => (
        <option key={l} value={l} lang={l === 'Am' ? 'am' : 'en'}>
          {intl.formatMessage({ id: `lang.${l}` })}
        </option>
      ))}
    </select>
  );
}

function Header() {
  return (
    <header className={s.header}>
      <div className={s.headerInner}>
        <Link href={paths.home} className={s.brand}>
          <Logo />
          <span className={s.brandText}>
            <span className={s.brandName}>
              <FormattedMessage id="app.bureau" />
            </span>
            <span className={s.brandSub}>
              <FormattedMessage id="app.customer" />
            </span>
          </span>
        </Link>
        <LanguageSelect />
      </div>
    </header>
  );
}

// A courtesy: when its chunk cannot load (offline before the worker has it), the name is left out.
const CustomerFirstName = lazy(() => import('./customer-name.tsx').catch(() => ({ default: () => null })));

/**
 * The blue bar: check status, accusation, manual, the bureau website, Login and Register (or,
 * signed in, the way back to the dashboard); a toggled menu on small screens.
 */
/**
 * The page a link named (ADR 0034), carried by the bar's Login as the landing page's notice
 * carries it; the login reads it through the contract's check.
 */
function linkedState(): { linked: string } | undefined {
  const linked = typeof history === 'undefined' ? undefined : (history.state as { linked?: unknown } | null)?.linked;
  return typeof linked === 'string' ? { linked } : undefined;
}

function BlueBar() {
  const [open, setOpen] = useState(false);
  // Drawn again when the page changes, so that the Login carries the state of the page it is on.
  useLocation();
  // Pages are drawn ahead for visitors: the session is the browser's, known once hydrated.
  const customerId = Session.useSelector((st) => (st.matches('active') ? st.context.claims?.user.id : undefined));
  const signedIn = useHydrated() && customerId;
  const intl = useIntl();
  const close = () => setOpen(false);
  return (
    <nav className={s.bar} aria-label={intl.formatMessage({ id: 'nav.main' })}>
      <div className={s.barInner}>
        <button
          type="button"
          className={s.menuButton}
          aria-expanded={open}
          aria-controls="main-links"
          onClick={() => setOpen(!open)}
        >
          <FormattedMessage id="nav.menu" />
        </button>
        <ul id="main-links" className={`${s.barLinks} ${open ? '' : s.barLinksClosed}`}>
          <li>
            <Link href={paths.checkStatus} className={s.barLink} onClick={close}>
              <FormattedMessage id="nav.checkStatus" />
            </Link>
          </li>
          <li>
            <Link href={paths.fileComplaint} className={s.barLink} onClick={close}>
              <FormattedMessage id="nav.fileComplaint" />
            </Link>
          </li>
          <li>
            <Link href={paths.manual} className={s.barLink} onClick={close}>
              <FormattedMessage id="nav.manual" />
            </Link>
          </li>
          <li>
            <a href={BUREAU_WEBSITE} className={s.barLink} target="_blank" rel="noopener noreferrer">
              <FormattedMessage id="nav.website" />
            </a>
          </li>
          {signedIn ? (
            <li>
              {/* The way back, with the customer's first name once it has loaded. */}
              <Link href={paths.dashboard} className={s.barButton} onClick={close}>
                <FormattedMessage id="nav.myDashboard" />
                <Suspense fallback={null}>
                  <CustomerFirstName customerId={signedIn} />
                </Suspense>
              </Link>
            </li>
          ) : (
            <>
              <li>
                <Link href={paths.login} state={linkedState()} className={s.barButton} onClick={close}>
                  <FormattedMessage id="nav.login" />
                </Link>
              </li>
              <li>
                <Link href={paths.register} className={s.barButton} onClick={close}>
                  <FormattedMessage id="nav.register" />
                </Link>
              </li>
            </>
          )}
        </ul>
      </div>
    </nav>
  );
}

export function Footer() {
  const intl = useIntl();
  return (
    <footer className={s.footer}>
      {/* The year of a page rendered at build time may be last year's: not an error to hydrate. */}
      <p className={s.footerLine} suppressHydrationWarning>
        <FormattedMessage
          id="landing.footer"
          values={{ year: new Date().getFullYear(), brand: intl.formatMessage({ id: 'app.bureau' }) }}
        />
      </p>
      <p className={s.footerLine}>
        <Link href={`~${paths.accessibility}`} className={s.footerLink}>
          <FormattedMessage id="a11y.footerLink" />
        </Link>
      </p>
    </footer>
  );
}

/** The first stop of the keyboard on every page: straight to the page's content. */
export function SkipLink() {
  return (
    <a href="#main" className={s.skip}>
      <FormattedMessage id="app.skipToContent" />
    </a>
  );
}

/** The frame of every public page: skip link, header, blue bar, main, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Header />
      <BlueBar />
      <main id="main" className={s.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
