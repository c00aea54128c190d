import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { CASE_PAGE_SIZE, SORT_LATEST, SORT_OLDEST } from '../../../contract/limits.ts';
import type { CasePage, Sort } from '../../../machines/case-list.machine.ts';
import { caseListMachine } from '../../../machines/case-list.machine.ts';
import { call } from '../../api/client.ts';
import { dashboardPaths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { CaseTable } from '../../ui/case-table.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import { openedFrom } from '../../../machines/case-page.machine.ts';

const logic = caseListMachine.provide({
  actors: {
    fetchPage: fromPromise<CasePage, { page: number; sort: Sort }>(({ input }) =>
      call('getCases', { query: { page: String(input.page), sort: `${input.sort}` } }),
    ),
  },
});

export default function CaseList() {
  usePageTitle('cases.title');
  const intl = useIntl();
  const [state, send] = useScreenMachine(logic);
  const [, navigate] = useLocation();
  const { result, page, sort } = state.context;
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="cases.title" />
      </h1>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="sort">
          <FormattedMessage id="cases.sort" />
        </label>
        <select
          id="sort"
          className={ui.input}
          style={{ maxWidth: '14rem' }}
          value={sort}
          onChange={(e) => send({ type: 'SORT', sort: Number(e.target.value) as Sort })}
        >
          <option value={SORT_LATEST}>{intl.formatMessage({ id: 'cases.latest' })}</option>
          <option value={SORT_OLDEST}>{intl.formatMessage({ id: 'cases.oldest' })}</option>
        </select>
      </div>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {result && !state.matches('error') ? (
        result.cases.length === 0 ? (
          <p>
            <FormattedMessage id="cases.empty" />
          </p>
        ) : (
          <>
            <CaseTable
              cases={result.cases}
              offset={(page - 1) * CASE_PAGE_SIZE}
              onOpen={(c) => navigate(dashboardPaths.caseHref(c._id), { state: openedFrom(c) })}
            />
            <div
              className={ui.actions}
              role="navigation"
              aria-label={intl.formatMessage({ id: 'cases.pageOf' }, { page, total: result.totalPages })}
            >
              <button
                type="button"
                className={ui.secondaryButton}
                disabled={page <= 1 || state.matches('loading')}
                onClick={() => send({ type: 'PREV' })}
              >
                <FormattedMessage id="cases.previous" />
              </button>
              <span aria-live="polite">
                <FormattedMessage id="cases.pageOf" values={{ page, total: result.totalPages }} />
              </span>
              <button
                type="button"
                className={ui.secondaryButton}
                disabled={page >= result.totalPages || state.matches('loading')}
                onClick={() => send({ type: 'NEXT' })}
              >
                <FormattedMessage id="cases.next" />
              </button>
            </div>
          </>
        )
      ) : null}
    </div>
  );
}
