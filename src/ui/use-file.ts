import { useEffect, useState } from 'react';
import { fetchFile, opensAsItIs } from '../api/files.ts';

/** Where a served file shows: its address, while it loads (`loading`), or not at all (`failed`). */
export interface FileAddress {
  url: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The address to show a served file at. A personal file is fetched with the session and
 * shown from this page's memory (an object URL, dropped when the view goes): no address of it
 * outlives the session, in a frame, a link or the history (issue 48). The manual, a link the
 * server gave and a chosen file's preview open as they are.
 */
export function useFileUrl(address: string | null): FileAddress {
  const direct = address === null || opensAsItIs(address);
  const [fetched, setFetched] = useState<{ for: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (direct) return;
    let url: string | null = null;
    let gone = false;
    fetchFile(address).then(
      (blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setFetched({ for: address, url, failed: false });
      },
      () => {
        if (!gone) setFetched({ for: address, url: null, failed: true });
      },
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [address, direct]);
  if (direct) return { url: address, loading: false, failed: false };
  if (fetched?.for !== address) return { url: null, loading: true, failed: false };
  return { url: fetched.url, loading: false, failed: fetched.failed };
}

/** The name a served file is saved under: the last part of its address, without a link's query. */
export const fileNameOf = (address: string): string => address.split('?')[0]?.split('/').pop() ?? 'document.pdf';
