import type { Context } from '../../server/context.ts';
import type { Transition } from '../../server/cases/staff/staff.ts';
import { findStaff, moveCase } from '../../server/cases/staff/staff.ts';

/** The seed's staff by role (server/seed/reference-data.ts, ADR 0038). */
export const HANDLER = 'handler@housing.example.et';
export const LEADER = 'supervisor@housing.example.et';
export const OTHER_LEADER = 'leader@housing.example.et';
export const ACCEPTOR = 'reception@housing.example.et';

/**
 * A step of a case in a test that does not care who takes it, taken by a member of the role it
 * needs: a team leader verifies and rejects, the other team leader decides an appeal (the first
 * made the rejection), a case handler takes every other step. A team leader's send-back
 * (responded → ongoing) names its leader with `moveCase` itself.
 */
export async function moveAs(ctx: Context, caseNumber: string, t: Omit<Transition, 'staffId'>) {
  const email = t.via ? OTHER_LEADER : t.to === 'verified' || t.to === 'rejected' ? LEADER : HANDLER;
  return moveCase(ctx, caseNumber, { ...t, staffId: (await findStaff(ctx, email)).id });
}

/** The seed's accusation acceptor (their id), who reviews and answers complaints. */
export const acceptor = async (ctx: Context) => (await findStaff(ctx, ACCEPTOR)).id;
