import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { call } from '../../src/api/client.ts';
import { copyShownAt } from '../../src/ui/stores.ts';
import { fakeApi, fakeToken } from './harness.tsx';

/** The session's copies (src/api/copies.ts): what a signed-in page reads, to read again offline "as of" its time. */
/** A case's type, as the reference data has it (a public read). */
const CASE_LIST = {
  _id: 'l1',
  division: { _id: 'd1' },
  status: 'active',
  time_limit: 15,
  questions: [],
  ...Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`case_name_${l}`, 'Transfer'])),
};

describe('the copies of a session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    copyShownAt.set(null);
  });
  const copies = () => Object.keys(sessionStorage).filter((k) => k.startsWith('copy:'));

  it('copies a public read made while signed in (a case’s type), and shows it offline with its time', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    fakeApi({ 'GET /api/case_list_api/get_case_list/l1': () => ({ status: 200, body: CASE_LIST }) });
    await call('getCaseListById', { params: { id: 'l1' } });
    // Kept before the answer is given: a page left as soon as it shows its data keeps its copy.
    expect(copies()).toHaveLength(1);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fakeApi({ 'GET /api/case_list_api/get_case_list/l1': () => ({ status: 0, body: null }) });
    expect(await call('getCaseListById', { params: { id: 'l1' } })).toEqual(CASE_LIST);
    expect(copyShownAt.get()).not.toBeNull();
  });

  it('an answer that arrives offline (the service worker’s) is not a fresh read: the copies keep their time', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    copyShownAt.set(1_000);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fakeApi({ 'GET /api/case_list_api/get_case_list/l1': () => ({ status: 200, body: CASE_LIST }) });
    await call('getCaseListById', { params: { id: 'l1' } });
    expect(copies()).toEqual([]);
    expect(copyShownAt.get()).toBe(1_000);
  });
});
