import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import {
  APPLY_DRAFT_KEY,
  draftKeys,
  endSession,
  startSession,
  stepDraftKey,
  storedToken,
  tabStorage,
} from '../../machines/session-storage.ts';
import { sessionMachine } from '../../machines/session.machine.ts';

/** The Storage interface over a Map: the tab's sessionStorage, for a test without a browser. */
class TabStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  key(i: number) {
    return [...this.#items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
  entries() {
    return Object.fromEntries(this.#items);
  }
}

const fakeToken = (exp: number, id: string) =>
  `h.${Buffer.from(JSON.stringify({ user: { id }, exp })).toString('base64url')}.s`;
const now = 1_800_000_000_000;

/**
 * What a session keeps in the tab and what it leaves there (spec section 4), as the session
 * machine's own actions apply it (machines/session-storage.ts, issue 49).
 */
describe("the session's storage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('keeps the token under tID; a draft another customer left is dropped, one of their own is theirs again', () => {
    const store = new TabStorage();
    startSession(store, 't1', 'c1');
    expect(store.entries()).toEqual({ [SESSION_STORAGE_KEY]: 't1' });
    expect(storedToken(store)).toBe('t1');
    store.setItem(APPLY_DRAFT_KEY, '{"a":1}');
    store.setItem(stepDraftKey('k1', 'answer'), 'text');
    store.setItem('unrelated', 'x');
    expect(draftKeys(store).sort()).toEqual([APPLY_DRAFT_KEY, 'stepDraft:k1:answer']);
    // The session expired: its drafts stay for c1, and nothing else of it.
    endSession(store, 'c1');
    expect(store.entries()).toEqual({
      [APPLY_DRAFT_KEY]: '{"a":1}',
      'stepDraft:k1:answer': 'text',
      applyDraftOwner: 'c1',
    });
    // c1 again: the drafts are theirs.
    startSession(store, 't2', 'c1');
    expect(store.entries()).toEqual({
      [APPLY_DRAFT_KEY]: '{"a":1}',
      'stepDraft:k1:answer': 'text',
      [SESSION_STORAGE_KEY]: 't2',
    });
    endSession(store, 'c1');
    // Another customer: what c1 left goes.
    startSession(store, 't3', 'c2');
    expect(store.entries()).toEqual({ [SESSION_STORAGE_KEY]: 't3' });
    // A logout keeps nothing, not even a draft.
    store.setItem(APPLY_DRAFT_KEY, '{}');
    endSession(store, null);
    expect(store.entries()).toEqual({});
  });

  it('without storage nothing is kept and nothing fails', () => {
    expect(tabStorage()).toBeNull();
    expect(storedToken()).toBeNull();
    expect(draftKeys()).toEqual([]);
    expect(() => startSession(null, 't', 'c')).not.toThrow();
    expect(() => endSession(null, 'c')).not.toThrow();
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('refused');
      },
    });
    expect(storedToken()).toBeNull();
  });

  it("the machine's own actions keep the token at login and clear the tab at logout; an expiry keeps its customer's draft", async () => {
    const store = new TabStorage();
    vi.stubGlobal('sessionStorage', store);
    vi.useFakeTimers({ now });
    const start = () =>
      createActor(sessionMachine.provide({ actors: { logout: fromPromise<void>(async () => undefined) } }), {
        input: { token: null },
      }).start();
    const token = fakeToken(now / 1000 + 600, 'c7');
    let actor = start();
    actor.send({ type: 'LOGGED_IN', token });
    expect(store.entries()).toEqual({ [SESSION_STORAGE_KEY]: token });
    store.setItem(APPLY_DRAFT_KEY, '{"b":2}');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(store.entries()).toEqual({ [APPLY_DRAFT_KEY]: '{"b":2}', applyDraftOwner: 'c7' });
    actor = start();
    actor.send({ type: 'LOGGED_IN', token: fakeToken(now / 1000 + 1200, 'c8') });
    expect(Object.keys(store.entries())).toEqual([SESSION_STORAGE_KEY]);
    actor.send({ type: 'LOGOUT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.entries()).toEqual({});
  });
});
