import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dashboardPaths, paths } from '../contract/paths.ts';

/** A chunk of Vite's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The routes of spec section 2 and the screen module each one loads on demand (the landing
 * page is in the entry). A dashboard route loads the dashboard shell and its screen.
 */
const inDashboard = (route: string) => `${paths.dashboard}${route}`;

export const ROUTES: Record<string, string[]> = {
  [paths.home]: [],
  [paths.login]: ['src/screens/login/login.tsx'],
  [paths.register]: ['src/screens/register/register.tsx'],
  [paths.verifyEmail]: ['src/screens/verify-email/verify-email.tsx'],
  [paths.forgotPassword]: ['src/screens/forgot-password/forgot-password.tsx'],
  [paths.resetPassword.pattern]: ['src/screens/reset-password/reset-password.tsx'],
  [paths.checkStatus]: ['src/screens/check-status/check-status.tsx'],
  [paths.fileComplaint]: ['src/screens/file-complaint/file-complaint.tsx'],
  [paths.manual]: ['src/screens/manual/manual.tsx'],
  [paths.print.pattern]: ['src/screens/print/print.tsx'],
  [paths.division.pattern]: ['src/screens/division/division.tsx'],
  [paths.accessibility]: ['src/screens/accessibility/accessibility.tsx'],
  [paths.dashboard]: ['src/app/dashboard/dashboard.tsx', 'src/screens/dashboard-home/dashboard-home.tsx'],
  [inDashboard(dashboardPaths.apply)]: ['src/app/dashboard/dashboard.tsx', 'src/screens/apply/apply.tsx'],
  [inDashboard(dashboardPaths.caseStatus)]: ['src/app/dashboard/dashboard.tsx', 'src/screens/case-list/case-list.tsx'],
  [inDashboard(dashboardPaths.caseDetail)]: [
    'src/app/dashboard/dashboard.tsx',
    'src/screens/case-detail/case-detail.tsx',
  ],
  [inDashboard(dashboardPaths.profile)]: ['src/app/dashboard/dashboard.tsx', 'src/screens/profile/profile.tsx'],
  [inDashboard(dashboardPaths.manual)]: ['src/app/dashboard/dashboard.tsx', 'src/screens/manual/manual.tsx'],
};

/** A catalog as scripts/vite-plugins.ts writes it: assets/<language>-<hash>.json. */
export const CATALOG_FILE = /^(en|am|or|tg|sm|af)-[\w-]{8}\.json$/;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface SizeReport {
  files: Map<string, FileSize>;
  /** The JS and CSS files each route loads: the entry's static imports, then its screens'. */
  routes: Record<string, { js: string[]; css: string[] }>;
  /** The message catalogs (JSON files, fetched when their language is needed). */
  catalogs: string[];
  /** The files the page asks the browser to preload (`<link rel="preload">` in index.html, or its boot module's `data-catalog`). */
  preloaded: string[];
}

export function sizeReport(dist: string): SizeReport {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files = new Map<string, FileSize>();
  const measure = (file: string): FileSize => {
    let size = files.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(dist, file));
      size = {
        file,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      files.set(file, size);
    }
    return size;
  };
  /** A chunk and everything it imports statically (what the browser loads with it). */
  const closure = (key: string, js: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) closure(i, js, css);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const routes: SizeReport['routes'] = {};
  for (const [route, screens] of Object.entries(ROUTES)) {
    const js = new Set<string>();
    const css = new Set<string>();
    closure(entry, js, css);
    for (const screen of screens) {
      if (!manifest[screen]) throw new Error(`${screen} (route ${route}) is not a chunk of the build`);
      closure(screen, js, css);
    }
    routes[route] = { js: [...js], css: [...css] };
    for (const f of [...js, ...css]) measure(f);
  }
  for (const chunk of Object.values(manifest)) {
    measure(chunk.file);
    for (const c of chunk.css ?? []) measure(c);
  }
  const catalogs = readdirSync(path.join(dist, 'assets'))
    .filter((f) => CATALOG_FILE.test(f))
    .map((f) => `assets/${f}`);
  catalogs.forEach(measure);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="preload" href="\/([^"]+)"|data-catalog="\/([^"]+)"/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  return { files, routes, catalogs, preloaded };
}

/** Total gzip size of a list of files. */
export const gzipOf = (report: SizeReport, files: string[]): number =>
  files.reduce((sum, f) => sum + (report.files.get(f)?.gzip ?? 0), 0);
