import type { Messages } from '../contract/common.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast, successToast } from './emitted.ts';
import { RATE_LIMITED, refusalOf } from './form-parts.ts';

export interface DataRightsContext {
  /** The archive built for this download, between its building and its download. */
  exportId: string | null;
  /** The password typed to confirm the deletion. */
  password: string;
  /** Why the server refused the password (wrong, or empty), said beside it until the person types again (issue 51). */
  refusal: Messages | null;
}

export type DataRightsEvent =
  | { type: 'EXPORT' }
  | { type: 'DELETE' }
  | { type: 'PASSWORD'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/**
 * The customer's data rights on the profile page (issue 22): their data as one archive,
 * built then downloaded at once; and the deletion of their account, confirmed with the
 * password, after which the session ends as a logout does.
 */
export const dataRightsMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: { context: {} as DataRightsContext, events: {} as DataRightsEvent, emitted: {} as Emitted },
  actors: {
    requestExport: notProvided<Messages & { export_id: string; expires_at: string }>('requestExport'),
    download: notProvided<void, { id: string }>('download'),
    deleteAccount: notProvided<Messages, { password: string }>('deleteAccount'),
  },
  actions: {
    keepExport: assign({ exportId: (_, params: { exportId: string }) => params.exportId }),
    forgetExport: assign({ exportId: null }),
    typePassword: assign({
      password: ({ event }) => {
        assertEvent(event, 'PASSWORD');
        return event.value;
      },
      refusal: null,
    }),
    forgetPassword: assign({ password: '', refusal: null }),
    noteRefusal: assign({ refusal: refusalOf }),
    toastSuccess: emit(successToast),
    toastFailure: emit(failureToast('errors.unexpected')),
    rateLimited: emit(RATE_LIMITED),
    endSession: emit({ type: 'loggedOut' }),
  },
  guards: { isRateLimited: isStatus(429), isRefused: isStatus(400) },
}).createMachine({
  id: 'dataRights',
  context: { exportId: null, password: '', refusal: null },
  initial: 'idle',
  states: {
    idle: { on: { EXPORT: 'exporting', DELETE: 'confirming' } },
    exporting: {
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        onDone: {
          target: 'downloading',
          actions: [
            { type: 'keepExport', params: ({ event }) => ({ exportId: event.output.export_id }) },
            'toastSuccess',
          ],
        },
        onError: [
          { guard: 'isRateLimited', target: 'idle', actions: 'rateLimited' },
          { target: 'idle', actions: 'toastFailure' },
        ],
      },
    },
    downloading: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ id: context.exportId ?? '' }),
        onDone: { target: 'idle', actions: 'forgetExport' },
        onError: { target: 'idle', actions: ['forgetExport', 'toastFailure'] },
      },
    },
    confirming: {
      on: {
        PASSWORD: { actions: 'typePassword' },
        CONFIRM: 'deleting',
        CANCEL: { target: 'idle', actions: 'forgetPassword' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'deleted', actions: ['forgetPassword', 'toastSuccess', 'endSession'] },
        onError: [
          { guard: 'isRateLimited', target: 'confirming', actions: 'rateLimited' },
          { guard: 'isRefused', target: 'confirming', actions: 'noteRefusal' },
          { target: 'confirming', actions: 'toastFailure' },
        ],
      },
    },
    deleted: { type: 'final' },
  },
});
