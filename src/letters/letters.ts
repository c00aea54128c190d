import { createStore, del, entries, set, update } from 'idb-keyval';
import type { Answers } from '../../contract/answers.ts';
import type { Messages } from '../../contract/common.ts';
import { API_PREFIX, IDEMPOTENCY_HEADER, endpoints, newIdempotencyKey, pathOf } from '../../contract/endpoints.ts';
import { headersFor } from '../api/headers.ts';
import { LETTERS_DB } from './kept-here.ts';

/**
 * The kept letters (issue 20): an application or a complaint written while the device had no
 * connection is kept here, in IndexedDB, with its idempotency key, until it can be sent;
 * then the answer (a case number, a tracking code) is kept until the person has seen it.
 *
 * Both the page and the service worker (src/sw.ts, on Background Sync) send it; a Web Lock
 * lets one of them at a time do so, and the server answers a second try of the same key
 * with what the first one made: it is filed once.
 *
 * An application is sent with its customer's token while their session lives. When the
 * session expires the token is dropped and the letter waits for the same customer's next
 * login; a logout, or another customer's login, removes it (src/app/session.tsx): nothing
 * of a customer stays on a shared phone after them. A complaint is shown only in the browser
 * session it was written in. Once answered (sent or refused), a letter leaves the device as
 * it is shown (`take`); an answered complaint no session can be shown any more is removed.
 */
export type LetterKind = 'complaint' | 'application';
const ENDPOINT = { complaint: 'createAccusation', application: 'createCase' } as const;
/**
 * The schemas of the letters' answers (contract/answers.ts): the service worker has them, the
 * page fetches them when it has a letter to send (src/api/schemas.ts), not on every flush.
 */
export type LetterAnswers = Pick<Answers, (typeof ENDPOINT)[LetterKind]>;

export interface Letter {
  /** The idempotency key: the same for every try. */
  key: string;
  kind: LetterKind;
  /** The customer an application belongs to; null for a complaint. */
  owner: string | null;
  /**
   * The browser session (the tab, `browserSession`) a complaint was written in: only it is
   * shown the complaint, so that the next person at a shared computer never is.
   */
  session?: string | null;
  /** The owner's session token while it lives. */
  token: string | null;
  /** What the person knows it by: the complaint's subject, the case request's name. */
  label: string;
  /** The multipart form, as sent. */
  form: [string, string | File][];
  keptAt: number;
  state: 'waiting' | 'sent' | 'refused';
  /** Once sent: the case number or the tracking code. */
  reference?: string;
  /** Once an application is sent: its case, for the link to the case's page. */
  caseId?: string;
  /** Once refused: the server's reason. */
  messages?: Messages | null;
}

export type NewLetter = Pick<Letter, 'kind' | 'owner' | 'token' | 'label'> & { key?: string; form: FormData };

/** The tag of the Background Sync the service worker answers. */
// The names a browser already holds stay as they were before the letters had their name (ADR 0039):
// the sync tag, the channel, the database and the session's key.
export const LETTERS_SYNC = 'outbox';
const CHANNEL = 'portal-outbox';

let db: ReturnType<typeof createStore> | undefined;
const store = () => (db ??= createStore(LETTERS_DB, 'letters'));

const listeners = new Set<() => void>();
const tell = () => listeners.forEach((l) => l());
/** One channel for this page or worker: it hears the others' changes, never its own. */
let channel: BroadcastChannel | undefined;
const shared = () => {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = tell;
  }
  return channel;
};
/** Called whenever the letters change, here or in another tab or the service worker. */
export function subscribe(listener: () => void): () => void {
  shared();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
function changed(): void {
  tell();
  shared()?.postMessage('changed');
}

/** Whether this browser can keep anything (no IndexedDB: a very old one, or a test's DOM). */
const usable = () => typeof indexedDB !== 'undefined';

async function letters(): Promise<Letter[]> {
  if (!usable()) return [];
  return (await entries<string, Letter>(store())).map(([, letter]) => letter).sort((a, b) => a.keptAt - b.keptAt);
}

const SESSION_KEY = 'outboxSession';
/** This tab's browser session: an id kept in sessionStorage, so gone with the tab (and at a logout, which clears it). */
function browserSession(): string | null {
  // The pages have sessionStorage; the service worker, which never keeps a letter, has not.
  const tab = (
    globalThis as {
      sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
    }
  ).sessionStorage;
  try {
    let id = tab?.getItem(SESSION_KEY) ?? null;
    if (tab && !id) {
      id = crypto.randomUUID();
      tab.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * The letters this tab may show: of `kind`, an application of `owner`'s, a complaint of this
 * browser session. Those answered (sent or refused) are removed from the device as they are
 * handed over here: the caller shows them until the person dismisses them. Answered
 * complaints of other sessions, which nobody can be shown any more, are removed too.
 */
export async function take(kind: LetterKind, owner: string | null): Promise<Letter[]> {
  if (!usable()) return [];
  const here = browserSession();
  const shown: Letter[] = [];
  let removed = false;
  for (const letter of await letters()) {
    const mine = letter.kind === kind && (kind === 'application' ? letter.owner === owner : letter.session === here);
    if (mine) shown.push(letter);
    const nobodys = letter.kind === 'complaint' && letter.session !== here;
    if (letter.state !== 'waiting' && (mine || nobodys)) {
      await del(letter.key, store());
      removed = true;
    }
  }
  if (removed) changed();
  return shown;
}

/** Keeps a letter to send when the connection returns; asks the service worker to send it then. */
export async function keep(letter: NewLetter): Promise<Letter> {
  const kept: Letter = {
    ...letter,
    key: letter.key ?? newIdempotencyKey(),
    form: [...letter.form.entries()],
    keptAt: Date.now(),
    state: 'waiting',
    session: letter.kind === 'complaint' ? browserSession() : null,
  };
  await set(kept.key, kept, store());
  changed();
  try {
    // getRegistration, not `ready`: without a worker (development, a browser that refused it) `ready` never settles.
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration?.active)
      await (registration as { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(LETTERS_SYNC);
  } catch {
    // No Background Sync: the page sends it when it is back online or opened again.
  }
  return kept;
}

const edit = async (key: string, change: (letter: Letter) => Letter | undefined) =>
  update<Letter | undefined>(key, (letter) => (letter ? change(letter) : letter), store());

/** Sends one letter: true when the server answered it (sent or refused), false to try later. */
async function post(letter: Letter, answers: LetterAnswers): Promise<boolean> {
  const name = ENDPOINT[letter.kind];
  const form = new FormData();
  for (const [field, value] of letter.form) form.append(field, value);
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${pathOf(name)}`, {
      method: endpoints[name].method,
      headers: headersFor(name, { [IDEMPOTENCY_HEADER]: letter.key }, letter.token),
      body: form,
    });
  } catch {
    return false;
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = answers[name].safeParse(body);
    if (!parsed.success) return false;
    const data = parsed.data as { tracking_code?: string; case?: { _id: string; case_number: string } };
    const reference = data.tracking_code ?? data.case?.case_number ?? '';
    const caseId = data.case?._id;
    await edit(letter.key, (l) => ({
      ...l,
      state: 'sent',
      reference,
      ...(caseId ? { caseId } : {}),
      form: [],
      token: null,
    }));
    return true;
  }
  if (response.status === 401) {
    // The session ended meanwhile: it waits for its customer's next login.
    await edit(letter.key, (l) => ({ ...l, token: null }));
    return true;
  }
  if (response.status === 429 || response.status >= 500) return false;
  const messages = body && typeof body === 'object' && 'Message_en' in body ? (body as Messages) : null;
  await edit(letter.key, (l) => ({ ...l, state: 'refused', messages, form: [], token: null }));
  return true;
}

/**
 * Sends every letter that can go now (a complaint; an application whose session lives), one
 * sender at a time across the page, its other tabs and the service worker.
 */
export async function flush(answersOf: () => Promise<LetterAnswers | null>): Promise<void> {
  const run = async () => {
    let any = false;
    let answers: LetterAnswers | null = null;
    for (const letter of await letters()) {
      if (letter.state !== 'waiting' || (letter.kind === 'application' && !letter.token)) continue;
      answers ??= await answersOf();
      // Without the schemas its answer cannot be read: the letter waits for the next try.
      if (!answers) break;
      const answered = await post(letter, answers);
      any ||= answered;
      if (!answered) break;
    }
    if (any) changed();
  };
  try {
    if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(CHANNEL, run);
    else await run();
  } catch {
    // Storage refused (a private window's quota, a blocked database): nothing can wait here.
  }
}

/**
 * A session starts (`token`) or ends (null): the letters of `owner` keep or lose the token,
 * every other customer's are removed. Complaints are nobody's and stay.
 */
async function settleOwners(owner: string | null, token: string | null): Promise<void> {
  for (const letter of await letters()) {
    if (letter.owner === null) continue;
    if (letter.owner === owner) await edit(letter.key, (l) => ({ ...l, token }));
    else await del(letter.key, store());
  }
  changed();
}

/** A session starts: this customer's letters get its token and go; another customer's are removed. */
export async function sessionStarted(
  customerId: string | null,
  token: string,
  answersOf: () => Promise<LetterAnswers | null>,
): Promise<void> {
  await settleOwners(customerId, token);
  await flush(answersOf);
}

/** A session ends: its customer's letters lose the token and wait for them (`keepFor`), or are removed. */
export const sessionEnded = (keepFor: string | null): Promise<void> => settleOwners(keepFor, null);
