import type { Case } from '../../../contract/entities.ts';
import type { Context } from '../../context.ts';
import type { Loaded } from './repository.ts';
import { casesOfCustomer } from './repository.ts';

export type { Loaded } from './repository.ts';

/** The case without what only the server needs. */
export const plainCase = ({
  customer_id: _owner,
  changes_at: _changesAt,
  owner_phone_owned: _owned,
  ...plain
}: Loaded): Case => plain;

/** Until when a set of cases holds, but for a change in the database. */
const heldUntil = (cases: Loaded[]): number => cases.reduce((until, c) => Math.min(until, c.changes_at), Infinity);

/** The caller's every case, and until when that answer holds but for a change in the database. */
export async function allCases(ctx: Context, customerId: string): Promise<{ cases: Case[]; until: number }> {
  const cases = await casesOfCustomer(ctx.db, customerId);
  return { cases: cases.map(plainCase), until: heldUntil(cases) };
}
