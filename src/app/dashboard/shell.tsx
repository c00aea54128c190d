import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { Footer, LanguageSelect, SkipLink } from '../layout.tsx';
import { dashboardPaths, paths } from '../../../contract/paths.ts';
import { Session, logoutEvent } from '../session.tsx';
import { useScreenMachine } from '../for-screens/use-screen.ts';
import { profileLogic } from '../for-screens/profile.ts';
import { Avatar, fullName } from '../../ui/avatar.tsx';
import { KeptLetters } from '../../ui/kept-letters.tsx';
import * as s from './shell.css.ts';

const LINKS = [
  [dashboardPaths.home, 'dashboard.home'],
  [dashboardPaths.apply, 'dashboard.apply'],
  [dashboardPaths.caseStatus, 'dashboard.caseStatus'],
  [dashboardPaths.manual, 'dashboard.manual'],
  [dashboardPaths.profile, 'dashboard.profile'],
  // Beside the spec's links (issue 51): a complaint is filed from the public page, signed in or not.
  [`~${paths.fileComplaint}`, 'nav.fileComplaint'],
] as const;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const session = Session.useActorRef();
  return (
    <ul className={s.navList}>
      {LINKS.map(([href, key]) => (
        <li key={href}>
          <Link
            href={href}
            className={s.navLink}
            aria-current={location === href ? 'page' : undefined}
            onClick={onNavigate}
          >
            <FormattedMessage id={key} />
          </Link>
        </li>
      ))}
      <li>
        <button type="button" className={s.navLink} onClick={() => session.send(logoutEvent())}>
          <FormattedMessage id="dashboard.logout" />
        </button>
      </li>
    </ul>
  );
}

/** The dashboard frame (spec section 2): sidebar, or a drawer on small screens; the header with the customer. */
export function DashboardShell({ customerId, children }: { customerId: string; children: ReactNode }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [state] = useScreenMachine(profileLogic, { id: customerId });
  const customer = state.matches('loaded') ? state.context.data : null;
  return (
    <div className={s.frame}>
      <SkipLink />
      <nav className={s.sidebar} aria-label={intl.formatMessage({ id: 'dashboard.nav' })}>
        <NavLinks />
      </nav>
      <div className={s.content}>
        <header className={s.header}>
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger className={s.menuButton}>
              <FormattedMessage id="dashboard.menu" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className={s.overlay} />
              <Dialog.Content className={s.drawer} aria-describedby={undefined}>
                <Dialog.Title>
                  <FormattedMessage id="dashboard.drawerTitle" />
                </Dialog.Title>
                <Dialog.Close className={s.drawerClose}>
                  <FormattedMessage id="common.close" />
                </Dialog.Close>
                <nav aria-label={intl.formatMessage({ id: 'dashboard.nav' })}>
                  <NavLinks onNavigate={() => setOpen(false)} />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          {/* Every line of the header is there before the customer loads, so that nothing moves when it does. */}
          <div className={s.headerTitle}>
            <strong className={`${s.line} ${s.oneLine}`} title={customer?.firstname}>
              {customer ? <FormattedMessage id="dashboard.greeting" values={{ name: customer.firstname }} /> : null}
            </strong>
            <span className={s.muted}>
              <FormattedMessage id="app.bureau" /> — <FormattedMessage id="dashboard.title" />
            </span>
          </div>
          <LanguageSelect />
          <div className={s.user}>
            <Avatar customer={customer} />
            <span className={s.headerTitle}>
              <span className={`${s.line} ${s.oneLine}`} title={customer ? fullName(customer) : undefined}>
                {customer ? fullName(customer) : null}
              </span>
              <span className={s.muted}>
                <FormattedMessage id="dashboard.customerLabel" />
              </span>
            </span>
          </div>
        </header>
        <main id="main" tabIndex={-1} className={s.main}>
          {children}
          <KeptLetters kind="application" owner={customerId} />
        </main>
        <Footer />
      </div>
    </div>
  );
}
