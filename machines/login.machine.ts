import { assign, emit, setup } from 'xstate';
import { failureOf, isServerFailure, isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';
import type { Messages } from '../contract/common.ts';
import type { LinkedPage } from '../contract/linked.ts';
import { changedValues, RATE_LIMITED, refusalOf } from './form-parts.ts';

export interface LoginValues {
  email: string;
  password: string;
}

/** What the login sends: the values, and the case a link led to (its answer then brings that case). */
export type LoginRequest = LoginValues & { linked_case?: string };

/**
 * Login (spec section 2): email and password, no check before sending. Success stores the
 * token (the session machine does) and goes to /dashboard, or to the dashboard page a link
 * named when the visitor came from one (`linked`, ADR 0034); 429 starts the lockout; 500
 * shows the server-error page; an account not verified yet (403) is offered the code screen,
 * with the registration its password proved (ADR 0029: the code confirms only that one);
 * other failures toast the server's message (the spec's) and say it beside the password
 * until the person types again (`refusal`).
 */
/** The page a link named (ADR 0034), and what it hands that page: a case's number and type, for its reads to go at once (ADR 0040). */
export interface LinkedTarget {
  href: string;
  state?: Record<string, string>;
  /** A case's page: its id, sent with the login so that its answer brings the case. */
  caseId?: string;
}

/**
 * Where the login goes for a page a link named: the page, and for a case's page its number and
 * type as a list hands them (`openedFrom`, machines/case-page.machine.ts), and its id, which the
 * login sends: its answer brings the case, its type, rating and history, and the page opens
 * with no call of its own (ADR 0040).
 */
export const linkedTarget = (page: LinkedPage): LinkedTarget => ({
  href: page.href,
  ...(page.caseId ? { caseId: page.caseId } : {}),
  ...(page.caseNumber && !page.print
    ? { state: { caseNumber: page.caseNumber, ...(page.caseListId ? { caseListId: page.caseListId } : {}) } }
    : {}),
});

export const loginMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as {
      values: LoginValues;
      refusal: Messages | null;
      registration?: string;
      linked: LinkedTarget | null;
    },
    input: {} as { linked?: LinkedTarget | null } | undefined,
    events: {} as
      { type: 'CHANGE'; field: keyof LoginValues; value: string } | { type: 'SUBMIT' } | { type: 'ENTER_CODE' },
    emitted: {} as Emitted,
  },
  actors: {
    login: notProvided<{ token: string }, LoginRequest>('login'),
  },
  actions: {
    change: assign({ values: changedValues, refusal: null }),
    noteRefusal: assign({ refusal: refusalOf }),
    noteRegistration: assign({
      registration: ({ event }) => failureOf((event as { error?: unknown }).error).registration,
    }),
    loggedIn: emit((_, params: { token: string }) => ({ type: 'loggedIn', token: params.token })),
    /**
     * The dashboard, or the page of it a link named (the case of a mail) when the visitor came by
     * one, in the login's place: Back does not show a login form to someone logged in.
     */
    goToDashboard: emit(({ context }) => ({
      type: 'navigate',
      to: 'dashboard',
      replace: true,
      ...(context.linked
        ? { href: context.linked.href, ...(context.linked.state ? { state: context.linked.state } : {}) }
        : {}),
    })),
    rateLimited: emit(RATE_LIMITED),
    serverError: emit({ type: 'serverError', retry: { type: 'SUBMIT' } }),
    toastFailure: emit(failureToast('errors.unexpected')),
    // The code screen, as registration leads to it: the flag on and the email with it (resend is there).
    otpOn: emit({ type: 'otpFlag', on: true }),
    goToVerification: emit(({ context }) => ({
      type: 'navigate',
      to: 'verifyEmail',
      state: {
        email: context.values.email.trim(),
        ...(context.registration ? { registration: context.registration } : {}),
      },
    })),
  },
  guards: {
    isRateLimited: isStatus(429),
    /** The account exists but its email was never verified (403): the code is the way on. */
    isNotVerified: isStatus(403),
    isServerFailure,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ values: { email: '', password: '' }, refusal: null, linked: input?.linked ?? null }),
  initial: 'editing',
  states: {
    editing: {
      on: { CHANGE: { actions: 'change' }, SUBMIT: 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }): LoginRequest =>
          context.linked?.caseId ? { ...context.values, linked_case: context.linked.caseId } : context.values,
        onDone: {
          target: 'done',
          actions: [{ type: 'loggedIn', params: ({ event }) => ({ token: event.output.token }) }, 'goToDashboard'],
        },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { guard: 'isServerFailure', target: 'editing', actions: 'serverError' },
          {
            guard: 'isNotVerified',
            target: 'unverified',
            actions: ['toastFailure', 'noteRefusal', 'noteRegistration'],
          },
          { target: 'editing', actions: ['toastFailure', 'noteRefusal'] },
        ],
      },
    },
    // "Verify your email first": the page offers Enter your code; typing or sending again goes on as before.
    unverified: {
      on: {
        CHANGE: { target: 'editing', actions: 'change' },
        SUBMIT: 'submitting',
        ENTER_CODE: { target: 'toCode', actions: ['otpOn', 'goToVerification'] },
      },
    },
    done: { type: 'final' },
    toCode: { type: 'final' },
  },
});
