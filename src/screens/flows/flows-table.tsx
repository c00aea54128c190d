import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import * as table from '../../ui/table.css.ts';
import * as s from './flows.css.ts';

/** A table that scrolls sideways on a phone, named by its section's heading, with a row of column headings. */
export function Table({
  labelledBy,
  headings,
  children,
}: {
  labelledBy: string;
  headings: string[];
  children: ReactNode;
}) {
  return (
    <div className={s.tableBox} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={table.table}>
        <thead>
          <tr>
            {headings.map((id) => (
              <th scope="col" key={id}>
                <FormattedMessage id={id} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
