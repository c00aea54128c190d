import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { OPERATOR_PATHS, USSD_SECRET_HEADER } from '../../contract/endpoints.ts';
import { fitsScreen, screenLength, screenLimit } from '../../server/ussd/screens.ts';
import type { TestApp } from './api.ts';

/** The USSD_SECRET of the tests' portals. */
export const TEST_USSD_SECRET = 'ussd-gateway-secret-0123456789';

/** What a USSD gateway allows a service to answer in (the bound on loopback). */
export const GATEWAY_WAIT_MS = 1000;

export interface PhoneScreen {
  text: string;
  /** `END`: the session is over. */
  last: boolean;
}

/**
 * A USSD gateway as the aggregators are (issue 56), for the tests: each screen a form POST to
 * the portal with the session's id, the code dialled, the phone's number and every input so
 * far joined by `*`; the answer `CON ` or `END ` then the screen. It checks what a phone
 * checks: the answer came within the gateway's wait, is plain text, and fits one screen.
 */
export function ussdGateway(baseUrl: string, secret: string, serviceCode = '*8123#') {
  return {
    /** Dials the code from `phoneNumber`: answers the first screen, and the session to press keys in. */
    async dial(phoneNumber: string) {
      const sessionId = `ATUid_${randomBytes(8).toString('hex')}`;
      const inputs: string[] = [];
      let ended = false;
      const post = async (entries = inputs.join('*')): Promise<PhoneScreen> => {
        const started = performance.now();
        const res = await fetch(`${baseUrl}${OPERATOR_PATHS.ussd}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', [USSD_SECRET_HEADER]: secret },
          body: new URLSearchParams({ sessionId, serviceCode, phoneNumber, text: entries }),
        });
        const body = await res.text();
        expect(performance.now() - started, `the screen after "${entries}"`).toBeLessThan(GATEWAY_WAIT_MS);
        expect(res.status, body).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        const [, kind, text] = /^(CON|END) ([\s\S]*)$/.exec(body) ?? [];
        expect(kind, body).toBeDefined();
        const screen = { text: text ?? '', last: kind === 'END' };
        expect(
          fitsScreen(screen.text),
          `${screenLength(screen.text)} of ${screenLimit(screen.text)}: ${screen.text}`,
        ).toBe(true);
        ended = screen.last;
        return screen;
      };
      const first = await post();
      return {
        first,
        sessionId,
        /** Types `value` and sends it: the next screen. */
        async press(value: string): Promise<PhoneScreen> {
          if (ended) throw new Error('the session has ended');
          inputs.push(value);
          return post();
        },
        /** Sends a request of this session again, as a gateway retrying it does, ended or not: the last, or the one of `text`. */
        retry: (entries?: string): Promise<PhoneScreen> => post(entries),
        /** Presses each in turn: the screens, in order. */
        async presses(...values: string[]): Promise<PhoneScreen[]> {
          const screens: PhoneScreen[] = [];
          for (const value of values) screens.push(await this.press(value));
          return screens;
        },
      };
    },
  };
}

/** The test app listening on loopback, and a gateway to it with the tests' secret. */
export async function gatewayTo(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return ussdGateway(`http://127.0.0.1:${port}`, TEST_USSD_SECRET);
}

export type Gateway = ReturnType<typeof ussdGateway>;
/** A session dialled through the gateway: its first screen, and its keys. */
export type PhoneSession = Awaited<ReturnType<Gateway['dial']>>;
