import { describe, expect, it } from 'vitest';
import type { call } from '../../src/api/client.ts';
import type { multipart } from '../../src/api/uploads.ts';

/**
 * The request side of the API client is typed by the contract: `npm run typecheck` fails
 * when a line marked @ts-expect-error below is accepted. Nothing here is called.
 */
export function refusedByTheTypes(send: typeof call, form: typeof multipart) {
  void send('loginCustomerUser', { body: { email: 'a@b.et', password: 'x' } });
  // @ts-expect-error a body field the endpoint does not take
  void send('loginCustomerUser', { body: { mail: 'a@b.et', password: 'x' } });
  // @ts-expect-error a path parameter the endpoint does not have
  void send('getDivisionById', { params: { divisionId: '1' } });
  // @ts-expect-error a sort the list does not know
  void send('getCases', { query: { sort: 'newest' } });
  // @ts-expect-error a body for an endpoint that takes none
  void send('getAllDivisions', { body: {} });
  form('appealCase', { reason: 'The plot is mine' }, { attachment: null });
  // @ts-expect-error the appeal's text is its reason, not an answer
  form('appealCase', { answer: 'The plot is mine' });
  // @ts-expect-error a file part the endpoint does not take
  form('createCase', { division: 'd' }, { picture: null });
}

describe('typed requests', () => {
  it('are checked by the type checker (npm run typecheck), not at run time', () => {
    expect(refusedByTheTypes).toBeTypeOf('function');
  });
});
