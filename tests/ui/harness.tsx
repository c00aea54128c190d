import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { LanCode } from '../../contract/languages.ts';
import { App } from '../../src/app/app.tsx';
import { fatal, otpScreen, retryFailed, toasts } from '../../src/ui/stores.ts';
import { language } from '../../src/i18n/languages.ts';

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string's parameters (a call through fetch). */
  query?: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}
/** An answer of the fake API; status 0 is a lost connection. */
export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string> };
export type FakeRoutes = Record<string, (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>>;

export const messages = (en: string, am = en) => ({
  Message_en: en,
  Message_am: am,
  Message_or: en,
  Message_tg: am,
  Message_sm: en,
  Message_af: en,
});

/**
 * A fake API for screen tests (the real one is tested in tests/api): `routes` maps
 * "METHOD /api/path" to an answer; fetch and XMLHttpRequest both go through it.
 * Unknown calls answer 404, so a screen calling something unexpected shows it.
 */
export function fakeApi(routes: FakeRoutes): FakeRequest[] {
  const calls: FakeRequest[] = [];
  const answer = async (req: FakeRequest) => {
    calls.push(req);
    const handler = routes[`${req.method} ${req.path}`];
    return handler ? handler(req) : { status: 404, body: { code: 'notFound', ...messages('Not found') } };
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const res = await answer({
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers,
    });
    // Status 0 stands for a lost connection: no answer at all.
    if (res.status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(res.body), {
      status: res.status,
      headers: { 'content-type': 'application/json', ...res.headers },
    });
  });
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private path = '';
    private headers: Record<string, string> = {};
    private answered: Record<string, string> = {};
    getResponseHeader(name: string): string | null {
      return this.answered[name.toLowerCase()] ?? null;
    }
    open(method: string, url: string) {
      this.method = method;
      this.path = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: FormData) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      void answer({ method: this.method, path: this.path, body, headers: this.headers }).then((res) => {
        if (res.status === 0) return this.onerror?.();
        this.status = res.status;
        this.answered = res.headers ?? {};
        this.responseText = JSON.stringify(res.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}

/** Renders the whole app at a path, in a language. */
export function renderAt(
  path: string,
  lan: LanCode = 'Am',
  state?: Record<string, unknown>,
  app: { lockoutSeconds?: number } = {},
) {
  // App-wide stores outlive a render: each test starts from a fresh page.
  fatal.set(null);
  retryFailed.set(null);
  toasts.set([]);
  otpScreen.set(sessionStorage.getItem('otpScreen') === 'on');
  localStorage.setItem('lan', lan);
  language.load();
  window.history.replaceState(state ?? null, '', path);
  return render(<App {...app} />);
}

/** A token whose payload the session machine can decode (the signature is the server's business). */
export function fakeToken(secondsLeft = 3600, id = 'customer-1'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ user: { id }, exp: Math.floor(Date.now() / 1000) + secondsLeft })}.signature`;
}
