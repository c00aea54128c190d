import { describe, expect, it } from 'vitest';
import type { Case, CaseHistoryEntry, CaseList, Rating } from '../../contract/entities.ts';
import { APPEAL_WINDOW_DAYS, DAY_MS } from '../../contract/limits.ts';
import { caseOutlook } from '../../machines/case-outlook.ts';
import { verifiedCase } from '../ui/fixtures.ts';

const caseList = { _id: 'l1', time_limit: 10, questions: [] } as unknown as CaseList;
const REJECTED = '2026-11-01T08:00:00.000Z';
const read = (found: Partial<Case>, extra: { readAt?: number; history?: CaseHistoryEntry[]; ratings?: null } = {}) =>
  caseOutlook({
    found: { ...verifiedCase, ...found } as Case,
    caseList,
    ratings: extra.ratings === null ? null : [],
    history: extra.history ?? [],
    readAt: extra.readAt ?? Date.parse(REJECTED) + DAY_MS,
  });

describe('what the case page says beyond the case (machines/case-outlook.ts)', () => {
  const rejected = { status: 'rejected', rejected_date: REJECTED, rejection_justification: 'No title deed' } as const;

  it('a rejection within its window offers the appeal, until when, and says why', () => {
    const o = read(rejected);
    expect(o.steps).toEqual(['appeal']);
    expect(o.appealUntil).toBe(Date.parse(REJECTED) + APPEAL_WINDOW_DAYS * DAY_MS);
    expect(o.rejectedWhy).toBe('No title deed');
    expect(o.rating).toBeNull();
  });

  it('past the window, as of when the case was read, no appeal is offered and nothing beside it', () => {
    const o = read(rejected, { readAt: Date.parse(REJECTED) + (APPEAL_WINDOW_DAYS + 1) * DAY_MS });
    expect(o.steps).toEqual([]);
    expect(o.appealUntil).toBeNull();
    expect(o.rejectedWhy).toBeNull();
  });

  it('an upheld appeal keeps the rejection’s reason in sight beside the decision; an overturned one does not (issue 51)', () => {
    const decided = { date: '2026-11-20T08:00:00.000Z', note: 'Checked again' };
    const upheld = read({ ...rejected, appealed_date: REJECTED, appeal_decision: { upheld: true, ...decided } });
    expect(upheld.steps).toEqual([]);
    expect(upheld.appeal).toEqual({ upheld: true, ...decided });
    expect(upheld.rejectedWhy).toBe('No title deed');
    const overturned = read({
      ...rejected,
      status: 'ongoing',
      appealed_date: REJECTED,
      appeal_decision: { upheld: false, ...decided },
    });
    expect(overturned.appeal).toEqual({ upheld: false, ...decided });
    expect(overturned.rejectedWhy).toBeNull();
  });

  it("the bureau's latest question is shown while it waits for the answer", () => {
    const asked = (note: string, action: CaseHistoryEntry['action'] = 'status') =>
      ({ to_status: 'info_requested', note, action }) as CaseHistoryEntry;
    // An appointment moved while the bureau waits is a line whose note is the day, not a question.
    const o = read(
      { status: 'info_requested' },
      { history: [asked('First'), asked('Send the deed'), asked('2027-07-10', 'extended')] },
    );
    expect(o.asked).toBe('Send the deed');
    expect(o.steps).toContain('answer');
    expect(read({ status: 'ongoing' }, { history: [asked('First')] }).asked).toBeNull();
  });

  it('a verified case is rated, or says its rating cannot be read; an answer is due by a date unless the case was withdrawn', () => {
    expect(read({}).rating).toEqual({ current: null });
    expect(read({}, { ratings: null }).rating).toBe('unavailable');
    expect(read({ rateCustomer: { _id: 'r1' } }).rating).toBeNull();
    // Once rated, the stars given are said (issue 51); not another customer's, nor when unread.
    const given = { _id: 'r1', rateNum: 4, rateCase: 'c', createdAt: '2026-11-22T00:00:00.000Z' };
    const rated = (ratings: Rating[] | null) =>
      caseOutlook({
        found: { ...verifiedCase, rateCustomer: { _id: 'r1' } } as Case,
        caseList,
        ratings,
        history: [],
        readAt: Date.parse(REJECTED),
      }).rated;
    expect(rated([given])).toBe(4);
    expect(rated([{ ...given, _id: 'r2' }])).toBeNull();
    expect(rated(null)).toBeNull();
    expect(read({}).rated).toBeNull();
    expect(read({ status: 'pending' }).expected).toBe('2026-11-11T08:00:00.000Z');
    expect(read({ status: 'withdrawn' }).expected).toBeNull();
  });

  it('a closed case says when and how it closed instead of when an answer is due (issue 51)', () => {
    expect(read({ status: 'ongoing' }).closed).toBeNull();
    for (const status of ['verified', 'rejected', 'withdrawn'] as const) expect(read({ status }).expected).toBeNull();
    expect(read({ status: 'verified', verified_date: '2026-11-05T08:00:00.000Z' }).closed).toEqual({
      status: 'verified',
      on: '2026-11-05T08:00:00.000Z',
    });
    expect(read({ status: 'rejected', rejected_date: REJECTED }).closed).toEqual({ status: 'rejected', on: REJECTED });
    // A withdrawal's day is its history entry's.
    const withdrawn = { to_status: 'withdrawn', createdAt: '2026-11-07T09:00:00.000Z' } as CaseHistoryEntry;
    expect(read({ status: 'withdrawn' }, { history: [withdrawn] }).closed).toEqual({
      status: 'withdrawn',
      on: '2026-11-07T09:00:00.000Z',
    });
    expect(read({ status: 'withdrawn' }).closed).toEqual({ status: 'withdrawn', on: null });
  });
  it('the appointment ahead: the latest schedule’s date (moved: its extended date) from the day before on; none on a closed case', () => {
    const at = Date.parse(REJECTED);
    const schedule = (scheduled: string | null, extended: string | null = null) => ({
      schedule_program: [
        {
          schedule: {
            scheduled_by: null,
            scheduled_date: '2026-10-01T00:00:00.000Z',
            extended_by: null,
            extended_date: null,
          },
        },
        {
          schedule: {
            scheduled_by: null,
            scheduled_date: '2026-10-05T00:00:00.000Z',
            extended_by: null,
            extended_date: null,
          },
        },
        { schedule: { scheduled_by: null, scheduled_date: scheduled, extended_by: null, extended_date: extended } },
      ],
    });
    const ahead = new Date(at + 3 * DAY_MS).toISOString();
    const moved = new Date(at + 5 * DAY_MS).toISOString();
    const on = (day: string, instead: string | null = null, cancelled = false) => ({
      day: new Date(day),
      instead: instead && new Date(instead),
      cancelled,
    });
    expect(read({ status: 'ongoing', ...schedule(ahead) }, { readAt: at }).appointment).toEqual(on(ahead));
    // Moved: the new day counts, and the day it replaced is said (issue 51).
    expect(read({ status: 'ongoing', ...schedule(ahead, moved) }, { readAt: at }).appointment).toEqual(
      on(moved, ahead),
    );
    // It counts until a day after its time (the day itself); later it does not.
    expect(read({ status: 'ongoing', ...schedule(ahead) }, { readAt: at + 4 * DAY_MS }).appointment).toEqual(on(ahead));
    expect(read({ status: 'ongoing', ...schedule(ahead) }, { readAt: at + 3 * DAY_MS + 1 }).appointment).toEqual(
      on(ahead),
    );
    expect(read({ status: 'ongoing', ...schedule(ahead) }, { readAt: at + 4 * DAY_MS + 1 }).appointment).toBeNull();
    expect(read({ status: 'ongoing', ...schedule(null) }, { readAt: at }).appointment).toBeNull();
    // A closed case's appointment is said to be cancelled (and offered as no calendar file).
    for (const closed of ['verified', 'rejected', 'withdrawn'] as const)
      expect(read({ status: closed, ...schedule(ahead) }, { readAt: at }).appointment).toEqual(on(ahead, null, true));
    expect(read({ status: 'ongoing', schedule_program: [] }, { readAt: at }).appointment).toBeNull();
  });
});
