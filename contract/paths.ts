/** The one route table of the SPA (spec section 2), with href builders: no page address is spelled elsewhere. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyEmail: '/email/verification',
  forgotPassword: '/forgotpassword',
  resetPassword: {
    pattern: '/reset_password/:id/:token',
    href: (id: string, token: string) => `/reset_password/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
  },
  checkStatus: '/checkstatus',
  fileComplaint: '/makeaccusation',
  /** A complaint followed by its tracking code (issue 19); nothing of the complainant shows. */
  complaint: { pattern: '/complaint/:code', href: (code: string) => `/complaint/${encodeURIComponent(code.trim())}` },
  manual: '/manual',
  print: { pattern: '/print/:id', href: (id: string) => `/print/${encodeURIComponent(id)}` },
  division: { pattern: '/division/:id', href: (id: string) => `/division/${encodeURIComponent(id)}` },
  dashboard: '/dashboard',
  accessibility: '/accessibility',
  /** The auditors' page of workflow diagrams, linked from nowhere. */
  flows: '/flows',
} as const;

/** The dashboard's routes, relative to /dashboard (spec section 2). */
export const dashboardPaths = {
  home: '/',
  apply: '/cases',
  caseStatus: '/casestatus',
  caseDetail: '/case/:id',
  caseHref: (id: string) => `/case/${encodeURIComponent(id)}`,
  profile: '/settings',
  manual: '/manual',
} as const;

/** A dashboard address (dashboardPaths are relative to /dashboard) as the browser shows it. */
export const inDashboard = (p: string) => `${paths.dashboard}${p === '/' ? '' : p}`;

/** The address of one case's page inside the dashboard: a list's link, an SMS's. */
export const caseDetailHref = (id: string) => inDashboard(dashboardPaths.caseHref(id));

/**
 * The pages a workflow leads to, by name: machines emit these keys (`navigate`), never an
 * address; the SPA and the server's mails turn them into addresses.
 */
export const destinations = {
  home: paths.home,
  login: paths.login,
  verifyEmail: paths.verifyEmail,
  forgotPassword: paths.forgotPassword,
  dashboard: paths.dashboard,
  caseStatus: inDashboard(dashboardPaths.caseStatus),
} as const;
export type Destination = keyof typeof destinations;

/** Where uploaded and generated files are served from (spec section 7). */
export const MEDIA_PATHS = {
  root: '/Media/',
  caseFiles: '/Media/CaseFiles/',
  customerImages: '/Media/CustomerImages/',
  manual: '/Media/manual/',
} as const;

/**
 * The one public area of the served files: the manual. Every other file is personal (issue
 * 48): sent only to its owner's session (`Authorization`, as the SPA fetches it) or through a
 * short-lived link (`FILE_LINK_PARAM` in its address) the server gave out.
 */
export const isPublicMedia = (pathname: string): boolean => pathname.startsWith(MEDIA_PATHS.manual);
/** The query parameter of a file's short-lived link. */
export const FILE_LINK_PARAM = 'k';

/** The one outside site the pages frame: the landing page's map (allowed by the pages' CSP). */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';

/** The element of the landing page in which the server writes the divisions it rendered the page with (JSON), for the SPA to start from. */
export const PAGE_DATA_ID = 'page-data';
