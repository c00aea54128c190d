import { useIntl } from 'react-intl';
import * as s from './ui.css.ts';

export function ProgressBar({ percent }: { percent: number }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'upload.progress' }, { percent });
  return (
    <div>
      <progress className={s.progress} max={100} value={percent} aria-label={label} />
      <span>{label}</span>
    </div>
  );
}
