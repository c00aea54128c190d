import { createLoader } from '../../../machines/loader.machine.ts';
import { readFirst } from '../../api/first-reads.ts';

/**
 * The customer's own record, loaded by its id: the profile screen, the dashboard's header and
 * the public bar's way back. Right after the login, it came with its answer (src/api/first-reads.ts).
 */
export const profileLogic = /* @__PURE__ */ createLoader(({ id }: { id: string }) =>
  readFirst('getCustomerUser', { params: { id } }),
);
