import { describe, expect, it } from 'vitest';
import { call, urlOf } from '../../src/api/client.ts';

/**
 * A call gives what its endpoint's schema needs (issue 53): the path parameters and the body
 * it requires, nothing it lacks. The checks are the compiler's (`npm run typecheck`, in CI and `npm run test:quick`, runs
 * tsc over the tests too): each `@ts-expect-error` fails the build when its line compiles.
 */
describe("a call's options, as the contract types them", () => {
  it('need the body and path parameters the schema requires, and refuse those it has not', () => {
    const never = () => {
      // @ts-expect-error the login needs its body
      void call('loginCustomerUser');
      // @ts-expect-error one division needs its id
      void call('getDivisionById');
      // @ts-expect-error the id is a path parameter, not a body
      void call('getDivisionById', { body: { id: 'd1' } });
      // @ts-expect-error the list of every division takes no body
      void call('getAllDivisions', { body: {} });
      void call('getAllDivisions');
      void call('getDivisionById', { params: { id: 'd1' } });
      void call('loginCustomerUser', { body: { email: 'a@example.et', password: 'x' } });
    };
    expect(typeof never).toBe('function');
    expect(urlOf('getDivisionById', { params: { id: 'd1' } })).toMatch(/\/d1$/);
  });
});
