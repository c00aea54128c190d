import type { Case } from '../../contract/entities.ts';
import type { Context } from '../context.ts';
import { notFound, tooManyRequests } from '../runtime/errors.ts';
import { isUuid } from '../db/sql.ts';
import { readCaseNumber } from '../../contract/case-number.ts';
import { samePhone } from '../../contract/phone.ts';
import { PHONE_END_DIGITS } from '../../contract/limits.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { linkedName } from '../adapters/file-links.ts';
import { responseShown } from './lifecycle.ts';
import type { Loaded } from './reader/reader.ts';
import { statusesOfResponseFile } from './repository.ts';
import { plainCase } from './reader/reader.ts';
import { loadCaseById, loadCaseByNumber } from './reader/repository.ts';

const initial = (s: string) => (s ? `${[...s][0]}.` : '');
/** The first two digits (the kind of line: 09, 07, 01…) and the last ones; the rest hidden. */
const SHOWN_START = 2;
const maskPhone = (p: string) => {
  const digits = p.replace(/\D/g, '');
  const hidden = digits.length - SHOWN_START - PHONE_END_DIGITS;
  return hidden <= 0
    ? '*'.repeat(digits.length)
    : `${digits.slice(0, SHOWN_START)}${'*'.repeat(hidden)}${digits.slice(-PHONE_END_DIGITS)}`;
};

/**
 * What a visitor without proof of ownership sees: status, case information, schedule and
 * rejection; personal fields masked; answers, remark and attachments withheld.
 */
export function maskCase(c: Case): Case {
  const info = c.customer_info;
  return {
    ...c,
    masked: true,
    form: [],
    remark: null,
    attachment: null,
    response_justification: null,
    rateCustomer: null,
    // Another case of the same person would link the two: withheld.
    related_case_id: null,
    customer_info: {
      firstname: initial(info.firstname),
      middlename: initial(info.middlename),
      lastname: initial(info.lastname),
      subcity: info.subcity,
      woreda: '***',
      house_number: '***',
      phone_number: maskPhone(info.phone_number),
      house_phone_number: info.house_phone_number ? maskPhone(info.house_phone_number) : '',
      gender: null,
    },
  };
}

/**
 * The case's own files (its attachment, the bureau's verified response) as links of minutes:
 * whoever gave the phone on file has no session to fetch them with, and the files answer
 * nobody else (issue 48, server/plugins/media.ts).
 */
function withFileLinks(ctx: Context, c: Case): Case {
  const link = (area: string, name: string | null) => (name ? linkedName(ctx.config.jwtSecret, area, name) : name);
  const response = c.response_justification;
  return {
    ...c,
    attachment: link(MEDIA_PATHS.caseFiles, c.attachment),
    response_justification: response && { ...response, attachment: link(MEDIA_PATHS.root, response.attachment) },
  };
}

/**
 * A case as one viewer sees it. `keepUntil` is set when the answer depends on nothing but the
 * viewer's own data (their own case): until when it holds but for a change in the database.
 */
export interface Viewed {
  case: Case;
  /** The customer whose case it is (never sent: what a print is filed under). */
  owner: string;
  keepUntil?: number;
}

/**
 * The owner (by token) or whoever knows the phone number on file sees everything. Phone
 * checks are counted per case, whatever the client address, before the number is compared
 * (one atomic increment: checks sent together cannot pass the limit); a right number gives
 * its count back, so only wrong ones use up the window. Past the limit, phone checks of that
 * case answer 429 for the rest of the window, so the phone cannot be guessed.
 */
export async function asSeenBy(
  ctx: Context,
  c: Loaded,
  viewerId: string | undefined,
  phone: string | undefined,
): Promise<Viewed> {
  const plain = plainCase(c);
  const owner = c.customer_id;
  if (viewerId !== undefined && viewerId === owner) return { case: plain, owner, keepUntil: c.changes_at };
  if (!phone?.trim()) return { case: maskCase(plain), owner };
  const rule = ctx.rules['account:phone'];
  const key = `account:phone:${c._id}`;
  const tried = await ctx.rates.hit(key, rule.windowMs);
  if (tried.count > rule.max) throw tooManyRequests(tried.resetMs, 'account:phone');
  // Only a phone the owner is known to have chosen unmasks (ADR 0029), compared whole however it is written
  // (contract/phone.ts: a foreign number with the same last digits is another number); counted either way.
  if (c.owner_phone_owned && samePhone(phone, c.customer_info.phone_number)) {
    await ctx.rates.release(key);
    return { case: withFileLinks(ctx, plain), owner };
  }
  return { case: maskCase(plain), owner };
}

/**
 * A case by its number. Numbers not found count per client (`scan:case`: an address, or an
 * account when signed in), and so do the existing numbers it looked up, each once a window
 * (`scan:caseSeen`, issue 48: case numbers are sequential, so a scan of real ones would
 * otherwise never stop); a customer's own cases do not count. Past either limit every lookup
 * of that client waits, so a scan stops while people who mistype now and then, or follow
 * their few cases again and again, are not held up.
 */
export async function caseByNumber(
  ctx: Context,
  caseNumber: string,
  viewerId: string | undefined,
  phone: string | undefined,
  client: string,
): Promise<Viewed> {
  for (const name of ['scan:case', 'scan:caseSeen'] as const) {
    const past = await ctx.rates.peek(`${name}:${client}`);
    if (past && past.count >= ctx.rules[name].max) throw tooManyRequests(past.resetMs, name);
  }
  // Read as the SMS reader reads it (spaces, lower case, Ethiopic numerals); what it cannot read is looked up as typed.
  const number = readCaseNumber(caseNumber, ctx.config.caseNumberPrefix) ?? caseNumber.trim().toUpperCase();
  const found = await loadCaseByNumber(ctx.db, number);
  // Counted before answering, so that parallel lookups cannot pass the limits either.
  if (!found) {
    const rule = ctx.rules['scan:case'];
    const hit = await ctx.rates.hit(`scan:case:${client}`, rule.windowMs);
    if (hit.count > rule.max) throw tooManyRequests(hit.resetMs, 'scan:case');
    throw notFound('caseNotFound');
  }
  if (viewerId !== found.customer_id) {
    const rule = ctx.rules['scan:caseSeen'];
    const again = await ctx.rates.hit(`scan:seen:${client}:${number}`, rule.windowMs);
    const hit = again.count === 1 ? await ctx.rates.hit(`scan:caseSeen:${client}`, rule.windowMs) : null;
    if (hit && hit.count > rule.max) throw tooManyRequests(hit.resetMs, 'scan:caseSeen');
  }
  return asSeenBy(ctx, found, viewerId, phone);
}

export async function caseById(
  ctx: Context,
  id: string,
  viewerId: string | undefined,
  phone: string | undefined,
): Promise<Viewed> {
  if (!isUuid(id)) throw notFound('caseNotFound');
  const found = await loadCaseById(ctx.db, id);
  if (!found) throw notFound('caseNotFound');
  return asSeenBy(ctx, found, viewerId, phone);
}

/** A file under /Media that is a response no supervisor has verified yet: not served to anyone. */
export async function isWithheldFile(ctx: Context, name: string): Promise<boolean> {
  return (await statusesOfResponseFile(ctx, name)).some((status) => !responseShown(status));
}
