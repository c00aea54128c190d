import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { LANGS, LANG_TAGS } from '../../../contract/languages.ts';
import { LANDING_STATS } from './stats.ts';
import { divisionsMachine, serviceDivisions } from '../../../machines/divisions.machine.ts';
import { call } from '../../api/client.ts';
import { paths } from '../../../contract/paths.ts';
import { MAP_EMBED, MAP_LINK } from '../../app/for-screens/links.ts';
import { pageDivisions } from '../../app/for-screens/page-data.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { localized } from '../../i18n/localize.ts';
import MISSION from '../../i18n/messages/mission.json' with { type: 'json' };
import { LoadStatus } from '../../ui/load-status.tsx';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { RetryWhenWaitIsOver, WaitMessage } from '../../ui/lockout.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './landing.css.ts';

const logic = divisionsMachine.provide({ actors: { fetchDivisions: fromPromise(() => call('getAllDivisions')) } });

const preloaded = () => {
  const divisions = pageDivisions();
  return divisions ? logic.resolveState({ value: 'success', context: { divisions } }) : undefined;
};

/**
 * Why a visitor who opened a link to their case is here (ADR 0034): its own small chunk, loaded
 * only then, so that the landing page's first second carries none of it.
 */
const LinkedNotice = lazy(() => import('../../ui/linked-notice.tsx').then((m) => ({ default: m.LinkedNotice })));

const LAN_OF = { en: 'En', am: 'Am', or: 'Or', tg: 'Tg', sm: 'Sm', af: 'Af' } as const;

/** Mission and vision are shown in all six languages, whatever the chosen one (their own small file). */
function SixLanguages({
  titleKey,
  textKey,
}: {
  titleKey: 'mission' | 'vision';
  textKey: 'missionText' | 'visionText';
}) {
  return (
    <>
      {LANGS.map((l) => {
        const texts = MISSION[LAN_OF[l]];
        return (
          <div key={l} lang={LANG_TAGS[l]}>
            <h3>{texts[titleKey]}</h3>
            <p>{texts[textKey]}</p>
          </div>
        );
      })}
    </>
  );
}

export default function Landing() {
  usePageTitle('landing.title');
  // Given with the page by the server: the services are there at once, as the server drew them.
  const [state, send] = useScreenMachine(logic, undefined, preloaded());
  const lan = useLan();
  // Not in the render that hydrates the page built at build time, which knows no history.
  const hydrated = useHydrated();
  if (state.matches('limitError')) {
    return (
      <div className={ui.narrow}>
        <h1>
          <FormattedMessage id="landing.bannerTitle" />
        </h1>
        <p className={ui.wait} role="alert">
          <WaitMessage />
          <RetryWhenWaitIsOver onRetry={() => send({ type: 'RETRY' })} />
        </p>
      </div>
    );
  }
  const services = serviceDivisions(state.context.divisions);
  return (
    <>
      {hydrated && history.state?.linked ? (
        <Suspense fallback={null}>
          <LinkedNotice on="landing" />
        </Suspense>
      ) : null}
      <section className={s.banner} aria-labelledby="banner-title">
        <h1 id="banner-title">
          <FormattedMessage id="landing.bannerTitle" />
        </h1>
        <p className={s.bannerSub}>
          <FormattedMessage id="app.customerService" />
        </p>
      </section>

      <section className={s.section} aria-labelledby="head-title">
        <h2 id="head-title">
          <FormattedMessage id="landing.headTitle" />
        </h2>
        <p>
          <FormattedMessage id="landing.headMessage" />
        </p>
      </section>

      <section className={s.section} aria-labelledby="services-title" aria-busy={state.matches('loading')}>
        <h2 id="services-title">
          <FormattedMessage id="landing.services" />
        </h2>
        {state.matches('loading') ? (
          <>
            <p role="status">
              <FormattedMessage id="landing.servicesLoading" />
            </p>
            <ul className={s.grid} aria-hidden="true">
              {[1, 2, 3, 4].map((n) => (
                <li key={n} className={s.skeleton} />
              ))}
            </ul>
          </>
        ) : null}
        {state.matches('error') ? (
          <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} errorKey="landing.servicesError" />
        ) : null}
        {state.matches('success') ? (
          services.length ? (
            <ul className={s.grid}>
              {services.map((d) => (
                <li key={d._id}>
                  <Link href={paths.division.href(d._id)} className={s.tile}>
                    {localized(d, 'name', lan)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>
              <FormattedMessage id="landing.servicesEmpty" />
            </p>
          )
        ) : null}
      </section>

      <section className={s.section} aria-labelledby="about-title">
        <h2 id="about-title">
          <FormattedMessage id="landing.about" />
        </h2>
        <p>
          <FormattedMessage id="landing.aboutText" />
        </p>
        <ul className={s.stats}>
          {(
            [
              [LANDING_STATS.housesTransferred, 'landing.statTransferred'],
              [LANDING_STATS.governmentHouses, 'landing.statManaged'],
              [LANDING_STATS.volunteerHouses, 'landing.statVolunteer'],
            ] as const
          ).map(([count, key]) => (
            <li key={key} className={s.stat}>
              <span className={s.statNumber}>
                <FormattedNumber value={count} />+
              </span>
              <FormattedMessage id={key} />
            </li>
          ))}
        </ul>
      </section>

      <section className={s.section} aria-labelledby="mission-title">
        <div className={s.two}>
          <div>
            <h2 id="mission-title">
              <FormattedMessage id="landing.mission" />
            </h2>
            <SixLanguages titleKey="mission" textKey="missionText" />
          </div>
          <div>
            <h2>
              <FormattedMessage id="landing.vision" />
            </h2>
            <SixLanguages titleKey="vision" textKey="visionText" />
          </div>
        </div>
      </section>

      <section className={s.section} aria-labelledby="map-title">
        <h2 id="map-title">
          <FormattedMessage id="landing.mapTitle" />
        </h2>
        <BureauMap />
      </section>
    </>
  );
}

/**
 * The embedded map, loaded when the visitor asks for it: the third-party page weighs more
 * than the whole portal on a slow phone, and it is a request to another site (ADR 0006).
 */
function BureauMap() {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <iframe
        className={s.map}
        src={MAP_EMBED}
        title={intl.formatMessage({ id: 'landing.mapFrame' })}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <div className={s.mapFacade}>
      <p>
        <FormattedMessage id="landing.mapNote" />
      </p>
      <p className={ui.actions}>
        <button type="button" className={ui.secondaryButton} onClick={() => setShown(true)}>
          <FormattedMessage id="landing.mapShow" />
        </button>
        <a href={MAP_LINK} target="_blank" rel="noopener noreferrer">
          <FormattedMessage id="landing.mapOpen" />
        </a>
      </p>
    </div>
  );
}
