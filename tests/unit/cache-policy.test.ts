import { describe, expect, it } from 'vitest';
import { EVIDENCE_PATHS } from '../../contract/evidence.ts';
import { MEDIA_PATHS, paths } from '../../contract/paths.ts';
import { isFileAddress } from '../../src/cache-policy.ts';

describe('what the service worker answers with a page', () => {
  it('never a file: the API, the served files, the build’s assets and the evidence pack (issue 52) reach the network', () => {
    for (const file of [
      '/api/customer_api/get_customer',
      `${MEDIA_PATHS.caseFiles}a.pdf`,
      '/assets/index-abc.js',
      EVIDENCE_PATHS.pdf,
      EVIDENCE_PATHS.html,
      EVIDENCE_PATHS.describes,
    ])
      expect(isFileAddress(file), file).toBe(true);
    for (const page of [paths.flows, paths.login, '/dashboard']) expect(isFileAddress(page), page).toBe(false);
  });
});
