import * as z from 'zod/mini';
import { Messages } from './common.ts';
import { CaseSummary } from './entities.ts';

/** The answers that are not an entity or a list of them (both halves parse them). */
export const RegistrationResult = z.extend(Messages, { email: z.string() });

export const LoginResult = z.extend(Messages, { token: z.string() });

export const CaseListResult = z.object({
  cases: z.array(CaseSummary),
  currentPage: z.int(),
  totalPages: z.int(),
  totalCases: z.int(),
});

export const CreateCaseResult = z.extend(Messages, { case: CaseSummary });

/** A step the customer takes on their case (answer, withdraw, appeal): the case as it now is. */
export const CaseStepResult = z.extend(Messages, { case: CaseSummary });

export const PrintResult = z.object({ file_name: z.string(), path: z.string() });

export const AccusationResult = z.extend(Messages, { tracking_code: z.string() });
