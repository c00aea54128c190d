// A module of its own: /flows and the service worker read it, the landing page never does (its budget).

/**
 * The evidence pack the build makes beside the SPA (scripts/evidence.ts, issue 52): what /flows
 * describes (commit, dates) and the pack itself, as a PDF and as a web page.
 */
export const EVIDENCE_PATHS = {
  root: '/evidence/',
  describes: '/evidence/describes.json',
  pdf: '/evidence/evidence.pdf',
  html: '/evidence/evidence.html',
} as const;

/** What `EVIDENCE_PATHS.describes` holds. */
export interface EvidenceDescribes {
  commit: string;
  /** The commit's own date (ISO). */
  committed: string;
  /** When the pack was made (ISO). */
  made: string;
  /** Tracked files differed from the commit when it was made. */
  uncommitted: boolean;
  /** Whether the PDF was printed (it needs Chromium); the web page always is. */
  pdf: boolean;
}
