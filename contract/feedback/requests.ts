import * as z from 'zod/mini';
import { Id } from '../common.ts';
import type { feedbackEndpoints } from './endpoints.ts';
import { LAN_CODES } from '../languages.ts';
import { FORM_LIMITS, RATING_MAX, RATING_MIN } from '../limits.ts';
import { CaseIdParams, Phone, pdf } from '../request-parts.ts';
import type { RequestDef } from '../request-parts.ts';

/** The requests of feedback (ratings and complaints): what the server validates; the SPA never loads this module. */

/** A complaint's tracking code as typed: letters, digits and dashes, upper-cased by the server. */
export const ComplaintCodeParams = z.object({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9-]+$/)),
});

export const RatingBody = z.object({
  rateNum: z.int().check(z.gte(RATING_MIN), z.lte(RATING_MAX)),
  rateCase: Id,
});

export const ComplaintFields = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(FORM_LIMITS.complaint.name))),
  phone: z.optional(z.union([z.literal(''), Phone])),
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(FORM_LIMITS.complaint.subject)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(FORM_LIMITS.complaint.description)),
  accused_organizational_part: z.optional(
    z.string().check(z.trim(), z.maxLength(FORM_LIMITS.complaint.accused_organizational_part)),
  ),
  /** Tell me by SMS when the bureau answers, in this language (issue 22); needs the phone number. */
  notify: z.optional(z.union([z.literal(''), z.enum(LAN_CODES)])),
});
export type ComplaintFields = z.infer<typeof ComplaintFields>;

/** What each endpoint of feedback accepts (contract/feedback/endpoints.ts). */
export const feedbackRequests = {
  getRatingByCase: { summary: 'The rating of a case (an empty list when not rated)', params: CaseIdParams },
  createCustomerRating: { summary: 'Rate a verified case, once', body: RatingBody },
  createAccusation: {
    summary:
      'File a complaint, anonymously if wished (multipart); the same idempotency-key header on a retry answers the tracking code the first try got',
    multipart: { fields: ComplaintFields, files: { attachment: pdf(false) } },
  },
  getComplaintByCode: {
    summary: "A complaint's status and the bureau's answer, by its tracking code (nothing of the complainant)",
    params: ComplaintCodeParams,
  },
  logoutAccusationAcceptor: {
    summary: 'Log out an accusation acceptor (staff); the portal holds no staff session, so it only answers',
  },
} as const satisfies Record<keyof typeof feedbackEndpoints, RequestDef>;
