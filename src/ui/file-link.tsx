import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useFileUrl } from './use-file.ts';

/**
 * A link to a served file that opens in a tab of its own. A personal file is fetched through
 * the session first (issue 48): until it is here the words stand without a link, and if it
 * cannot be, they say so.
 */
export function FileLink({ address, children }: { address: string; children: ReactNode }) {
  const intl = useIntl();
  const file = useFileUrl(address);
  if (!file.url)
    return (
      <span aria-busy={file.loading || undefined}>
        {children}
        {file.failed ? ` (${intl.formatMessage({ id: 'file.unavailable' })})` : null}
      </span>
    );
  return (
    <a href={file.url} target="_blank" rel="noopener">
      {children}
    </a>
  );
}
