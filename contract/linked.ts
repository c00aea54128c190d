import { LINKED_ID_MAX_LENGTH } from './limits.ts';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from './paths.ts';

/*
 * A link to a dashboard page, opened without a session (ADR 0034). A module of its own: the
 * landing page's first script carries none of it; the notice and the login load it.
 */

/** The query parameters of a case link that name the case's number and its type (`caseLinkHref`). */
export const LINKED_CASE_PARAM = 'case';
export const LINKED_TYPE_PARAM = 'type';

/**
 * A case's page as a mail links to it, its number with it: opened without a session (a new
 * tab on a phone), the visitor is told which case to log in for (ADR 0034); with its type too,
 * the case page reads the case, its type, rating and history at once after the login (ADR 0040).
 */
export const caseLinkHref = (id: string, caseNumber: string, caseListId?: string) =>
  `${withCaseNumber(caseDetailHref(id), caseNumber)}${caseListId ? `&${LINKED_TYPE_PARAM}=${encodeURIComponent(caseListId)}` : ''}`;

/** A page's address naming the case it is about, for the login to say which (the print's, issue 51). */
export const withCaseNumber = (href: string, caseNumber: string) =>
  `${href}?${LINKED_CASE_PARAM}=${encodeURIComponent(caseNumber)}`;

/** A case's print, which a visitor without the owner's session sees masked: the login opens it whole. */
const PRINT_PAGE = new RegExp(`^${paths.print.pattern.replace(':id', '[\\w-]+')}$`);
/** An id as a link may name it (`LINKED_ID_MAX_LENGTH`). */
const LINKED_ID = `[\\w-]{1,${LINKED_ID_MAX_LENGTH}}`;
const ONE_ID = new RegExp(`^${LINKED_ID}$`);
/** A case's page, its id captured. */
const CASE_PAGE = new RegExp(`^${inDashboard(dashboardPaths.caseDetail).replace(':id', `(${LINKED_ID})`)}$`);

/** A page a visitor was sent to and may see once logged in: a dashboard page or a case's print, and which case it names. */
export interface LinkedPage {
  href: string;
  caseNumber: string | null;
  /** The case's type, when the link names it (a mail's does). */
  caseListId: string | null;
  /** The case's id, when the page is a case's page: the login asks for that case with its answer. */
  caseId: string | null;
  print: boolean;
}

/**
 * The page a link named, from the address the visitor opened (or what a page was handed in its
 * history state): only an address inside the dashboard or a print, never another site or scheme; the
 * case number only when it reads like one.
 */
export function linkedPage(address: unknown): LinkedPage | null {
  if (typeof address !== 'string' || address.length > 500) return null;
  let url: URL;
  try {
    url = new URL(address, 'http://portal.invalid');
  } catch {
    return null;
  }
  const print = PRINT_PAGE.test(url.pathname);
  if (url.origin !== 'http://portal.invalid' || !(print || /^\/dashboard(\/[\w-]+)*\/?$/.test(url.pathname)))
    return null;
  const named = url.searchParams.get(LINKED_CASE_PARAM) ?? '';
  const type = url.searchParams.get(LINKED_TYPE_PARAM) ?? '';
  return {
    href: url.pathname,
    caseNumber: /^[A-Za-z]{1,10}-\d{4}-\d{1,9}$/.test(named) ? named : null,
    caseListId: ONE_ID.test(type) ? type : null,
    caseId: CASE_PAGE.exec(url.pathname)?.[1] ?? null,
    print,
  };
}
