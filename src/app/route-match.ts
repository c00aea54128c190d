/** The same route patterns as the router's (`:name` is one segment). */
export function matches(pattern: string, path: string, nest: boolean): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (nest ? got.length < want.length : got.length !== want.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}
