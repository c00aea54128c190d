import { FormattedMessage, useIntl } from 'react-intl';
import type { CaseSummary } from '../../contract/entities.ts';
import { caseDetailHref } from '../../contract/paths.ts';
import { useLan } from '../i18n/i18n.tsx';
import { formatDate } from '../i18n/format-date.ts';
import { localized } from '../i18n/localize.ts';
import { StatusBadge } from './status-badge.tsx';
import { unbroken } from './ui.css.ts';
import * as s from './table.css.ts';

/**
 * A table of cases (#, case number, status), each number with the requested case and the day
 * it was filed under it (issue 51). A row opens the case; rows are links, so the keyboard and
 * screen readers reach them like any link. A case number never breaks at its hyphens.
 */
export function CaseTable({
  cases,
  offset = 0,
  onOpen,
}: {
  cases: CaseSummary[];
  offset?: number;
  onOpen: (c: CaseSummary) => void;
}) {
  const intl = useIntl();
  const lan = useLan();
  return (
    <div className={s.scroller}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="table.number" />
            </th>
            <th scope="col">
              <FormattedMessage id="table.caseNumber" />
            </th>
            <th scope="col" className={s.wideOnly}>
              <FormattedMessage id="table.status" />
            </th>
          </tr>
        </thead>
        <tbody>
          {cases.map((c, i) => (
            <tr key={c._id} className={s.row} onClick={() => onOpen(c)}>
              <td className={s.place}>{offset + i + 1}</td>
              <td>
                <a
                  href={caseDetailHref(c._id)}
                  aria-label={intl.formatMessage({ id: 'cases.open' }, { number: c.case_number })}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    onOpen(c);
                  }}
                  className={unbroken}
                >
                  {c.case_number}
                </a>
                <span className={s.meta}>
                  {localized(c.caselist, 'case_name', lan)} · {formatDate(c.createdAt, lan)}
                </span>
                <span className={s.phoneOnly}>
                  <StatusBadge status={c.status} />
                </span>
              </td>
              <td className={s.wideOnly}>
                <StatusBadge status={c.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
