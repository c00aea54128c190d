/**
 * The flags the server's Node runs with (`npm start`, the benchmarks, the browser suite;
 * tests/unit/node-flags.test.ts keeps `npm start` in step). A young generation of 4 MB per
 * semi-space instead of V8's 16: under 20 uploads at once the resident memory grows by
 * about 40 MB instead of 60-75, and the process starts at about 195 MB instead of 320,
 * with no throughput lost in `npm run bench:api` (docs/decisions/0007-performance-budget.md).
 */
export const NODE_FLAGS = ['--max-semi-space-size=4'];
