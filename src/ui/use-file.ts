import { useEffect, useMemo, useState } from 'react';
import { fetchFile, opensAsItIs } from '../api/files.ts';

/** An object URL for a file in this page's memory (a chosen file's preview, a fetched one), revoked when it changes or the view goes. */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** Where a served file shows: its address, while it loads (`loading`), or not at all (`failed`). */
export interface FileAddress {
  url: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The address to show a served file at. A personal file is fetched with the session and
 * shown from this page's memory (`useObjectUrl`, dropped when the view goes): no address of it
 * outlives the session, in a frame, a link or the history (issue 48). The manual, a link the
 * server gave and a chosen file's preview open as they are.
 */
export function useFileUrl(address: string | null): FileAddress {
  const direct = address === null || opensAsItIs(address);
  const [fetched, setFetched] = useState<{ for: string; blob: Blob | null } | null>(null);
  useEffect(() => {
    if (direct) return;
    let gone = false;
    fetchFile(address).then(
      (blob) => !gone && setFetched({ for: address, blob }),
      () => !gone && setFetched({ for: address, blob: null }),
    );
    return () => {
      gone = true;
    };
  }, [address, direct]);
  const mine = !direct && fetched?.for === address ? fetched : null;
  const url = useObjectUrl(mine?.blob ?? null);
  if (direct) return { url: address, loading: false, failed: false };
  return { url, loading: mine === null, failed: mine !== null && mine.blob === null };
}

/** The name a served file is saved under: the last part of its address, without a link's query. */
export const fileNameOf = (address: string): string => address.split('?')[0]?.split('/').pop() ?? '';
