import type { ReactNode } from 'react';
import * as s from './ui.css.ts';

/** Labelled values as a definition list: a case's sections, the print's summary. An empty value reads "-". */
export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={s.dl}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={s.dt}>{label}</dt>
          <dd className={s.dd}>{value === '' || value === null || value === undefined ? '-' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
