import { FormattedMessage, useIntl } from 'react-intl';
import type { CaseSummary } from '../../contract/entities.ts';
import { caseDetailHref } from '../../contract/paths.ts';
import { StatusBadge } from './status-badge.tsx';
import * as s from './table.css.ts';

/**
 * A table of cases (#, case number, status). A row opens the case; rows are links, so the
 * keyboard and screen readers reach them like any link.
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
  return (
    <table className={s.table}>
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="table.number" />
          </th>
          <th scope="col">
            <FormattedMessage id="table.caseNumber" />
          </th>
          <th scope="col">
            <FormattedMessage id="table.status" />
          </th>
        </tr>
      </thead>
      <tbody>
        {cases.map((c, i) => (
          <tr key={c._id} className={s.row} onClick={() => onOpen(c)}>
            <td>{offset + i + 1}</td>
            <td>
              <a
                href={caseDetailHref(c._id)}
                aria-label={intl.formatMessage({ id: 'cases.open' }, { number: c.case_number })}
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  onOpen(c);
                }}
              >
                {c.case_number}
              </a>
            </td>
            <td>
              <StatusBadge status={c.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
