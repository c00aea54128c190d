import { MAP_ORIGIN } from '../../contract/endpoints.ts';

/** The one route table of the SPA (spec section 2), with href helpers: no hand-built links. */
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
  accusation: '/makeaccusation',
  manual: '/manual',
  print: { pattern: '/print/:id', href: (id: string) => `/print/${encodeURIComponent(id)}` },
  division: { pattern: '/division/:id', href: (id: string) => `/division/${encodeURIComponent(id)}` },
  dashboard: '/dashboard',
  accessibility: '/accessibility',
  /** The auditors' page of workflow diagrams, linked from nowhere. */
  flows: '/flows',
} as const;

/**
 * The pages the build renders in advance (scripts/build.ts), each into `<name>.html`
 * (`/` into index.html): what a first-time visitor opens most, and what has no data of the
 * visitor in it.
 */
export const PRERENDERED: readonly string[] = [paths.home, paths.login, paths.checkStatus];

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

/** The bureau's own website (the blue bar's external link). */
export const BUREAU_WEBSITE = 'https://www.aahdab.gov.et/';

/** An embeddable map of the bureau's location (Addis Ababa). */
export const MAP_EMBED = `${MAP_ORIGIN}/export/embed.html?bbox=38.74%2C9.00%2C38.78%2C9.03&layer=mapnik&marker=9.0155%2C38.7600`;

/** The same place on OpenStreetMap's own site, for a new tab. */
export const MAP_LINK = `${MAP_ORIGIN}/?mlat=9.0155&mlon=38.7600#map=16/9.0155/38.7600`;
