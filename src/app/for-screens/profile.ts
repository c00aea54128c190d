import { createLoader } from '../../../machines/loader.machine.ts';
import { call } from '../../api/client.ts';

/** The customer's own record, loaded by its id: the profile screen, the dashboard's header and the public bar's way back. */
export const profileLogic = /* @__PURE__ */ createLoader(({ id }: { id: string }) =>
  call('getCustomerUser', { params: { id } }),
);
