import { IDEMPOTENCY_HEADER } from '../../contract/endpoints.ts';
import type { Context } from '../context.ts';
import { complaintByCode, fileComplaint } from '../feedback/complaints.ts';
import { rateCase, ratingsOfCase } from '../feedback/ratings.ts';
import type { Handlers } from './define.ts';

/** Ratings of answered cases and complaints (accusations). */
export const feedbackHandlers = (ctx: Context) =>
  ({
    getRatingByCase: ({ params, caller }) => ratingsOfCase(ctx, caller.customerId, params.caseId),
    createCustomerRating: ({ body, caller }) => rateCase(ctx, caller.customerId, body.rateCase, body.rateNum),
    createAccusation: ({ body, files, request }) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return fileComplaint(ctx, body, files.attachment, typeof key === 'string' ? key : undefined);
    },
    getComplaintByCode: ({ params }) => complaintByCode(ctx, params.code),
  }) satisfies Partial<Handlers>;
