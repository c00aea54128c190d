import type { NonReducibleUnknown } from 'xstate';
import { fromPromise } from 'xstate';

/**
 * An invoked actor as a machine declares it, until the app provides the real one (the API
 * call, src/app): it fails, saying which actor was not provided.
 */
export const notProvided = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} actor not provided`);
  });
