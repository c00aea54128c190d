import * as z from 'zod/mini';
import { IsoDate, Messages } from '../common.ts';
import { Rating } from '../entities.ts';
import type { feedbackEndpoints } from './endpoints.ts';

/** The answers of feedback (ratings and complaints): the server serializes with them, the SPA parses with them. */

export const ComplaintResult = z.extend(Messages, { tracking_code: z.string() });

export const COMPLAINT_STATUSES = ['received', 'under_review', 'answered'] as const;
/**
 * A complaint as anyone holding its tracking code sees it: where it stands and the bureau's
 * answer, nothing of who filed it or what they wrote.
 */
export const ComplaintStatus = z.object({
  tracking_code: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  createdAt: IsoDate,
  reviewed_at: z.nullable(IsoDate),
  answered_at: z.nullable(IsoDate),
  answer: z.nullable(z.string()),
  /** The bureau's PDF, under /Media/. */
  answer_file: z.nullable(z.string()),
});
export type ComplaintStatus = z.infer<typeof ComplaintStatus>;

/** What each endpoint of feedback answers (contract/feedback/endpoints.ts). */
export const feedbackAnswers = {
  getRatingByCase: z.array(Rating),
  createCustomerRating: z.extend(Messages, { rating: Rating }),
  createAccusation: ComplaintResult,
  getComplaintByCode: ComplaintStatus,
  logoutAccusationAcceptor: Messages,
} as const satisfies Record<keyof typeof feedbackEndpoints, z.ZodMiniType>;
