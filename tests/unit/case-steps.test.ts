import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CASE_STEPS, CASE_STEP_KINDS } from '../../contract/case-steps.ts';
import { caseLifecycleMachine } from '../../contract/case-lifecycle.machine.ts';
import { stepTextProblem } from '../../contract/case-rules.ts';
import { requests } from '../../contract/requests.ts';

/**
 * The table of the customer's steps (contract/case-steps.ts) says what the contract and the
 * lifecycle do: its endpoint takes the text under its field (required where the step needs
 * one) and a PDF where it takes one, its event moves the lifecycle, and the step form's check
 * follows it.
 */
describe("the customer's steps, one table", () => {
  const lifecycleEvents = new Set(caseLifecycleMachine.root.events);

  it.each(CASE_STEP_KINDS)(
    '%s: its endpoint, field, text rule, file and event are what the contract and the lifecycle have',
    (kind) => {
      const step = CASE_STEPS[kind];
      const request = requests[step.endpoint] as {
        body?: z.ZodMiniObject;
        multipart?: { fields: z.ZodMiniObject; files: Record<string, unknown> };
      };
      const fields = request.multipart?.fields ?? request.body!;
      expect(Object.keys(fields.shape), kind).toContain(step.field);
      // Sent without its text: refused by the endpoint's schema exactly where the table says the text is needed.
      expect(z.safeParse(fields, {}).success, kind).toBe(!step.textNeeded);
      expect(stepTextProblem(kind, '  ')).toBe(step.textNeeded ? 'required' : null);
      expect('attachment' in (request.multipart?.files ?? {}), kind).toBe(step.file);
      expect(lifecycleEvents.has(step.event), kind).toBe(true);
    },
  );
});
