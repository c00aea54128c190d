import { proofsOf, textsOfCustomer } from '../../sms/repository.ts';
import { sessionsOfCustomer } from '../../ussd/repository.ts';
import { provenNumber } from '../../notify/tell.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Messages } from '../../../contract/common.ts';
import { DATA_EXPORT_HOURS } from '../../../contract/limits.ts';
import type { Area } from '../../adapters/storage.ts';
import { responseShown } from '../../cases/lifecycle.ts';
import { printPrefix } from '../../cases/print.ts';
import type { Context } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, unauthorized } from '../../runtime/errors.ts';
import { langOf, message } from '../../texts/messages.ts';
import { accountDeletedMail } from '../../notify/templates.ts';
import { verifyPassword } from '../passwords.ts';
import type { SummaryCase, SummaryInput } from './summary.ts';
import { summaryHtml, summaryPdf } from './summary.ts';
import {
  accountOf,
  audit,
  casesOf,
  deleteSpentExports,
  detailsOf,
  eraseCustomer,
  filesGivenBy,
  notificationsOf,
  profileOf,
  replaceExport,
  takeExport,
} from './repository.ts';

/** The customer's own files: where each lives and its stored name. */
interface OwnFile {
  area: Area;
  name: string;
}
/** An own file in the archive, under its name there (`as`). */
type Archived = OwnFile & { as: string };

/** Names in one folder of the archive, each once: a name given twice gets " (2)" before its extension. */
function inFolder(folder: string): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    const ext = path.extname(name);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++)
      candidate = `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return `${folder}/${candidate}`;
  };
}

/**
 * Everything the portal keeps about a customer, as data: the profile (without the password's
 * hash), the cases with their answers, history, appointments and ratings, and the messages
 * sent to them (their text is erased once sent: what, when and by which channel remain), and
 * the texts between their proved number and the bureau's (what they asked, what it answered).
 * Staff members are named by role only ("the bureau"). Their files are named in the archive by
 * what they are (`files/HDAB-2019-000001/application.pdf`), not by their random stored names;
 * the names they had on the customer's device are not kept by the portal.
 */
async function collect(
  q: Queryable,
  customerId: string,
): Promise<{ data: Record<string, unknown>; files: Archived[]; summary: Omit<SummaryInput, 'exportedAt'> }> {
  const row = await profileOf(q, customerId);
  if (!row) throw unauthorized();
  // Whether the number on file is proven, as the profile page says it (the numbers held are in `phoneProofs`).
  const { phone_proven: _held, ...rest } = row;
  const profile = { ...rest, phone_verified: provenNumber(row) !== null };
  const cases = await casesOf(q, customerId);
  const files: Archived[] = profile.picture
    ? [{ area: 'CustomerImages', name: profile.picture, as: `files/profile-picture${path.extname(profile.picture)}` }]
    : [];
  const otherFiles = files.map((f) => f.as);
  const withDetails = [];
  const summaryCases: SummaryCase[] = [];
  for (const c of cases) {
    const { answers, history, schedules, rating } = await detailsOf(q, c.id, customerId);
    const own: Archived[] = [];
    const folder = `files/${path.basename(String(c.case_number))}`;
    // Under the names they were sent with; named by what they are when that name is unknown.
    const named = inFolder(folder);
    if (c.attachment)
      own.push({ area: 'CaseFiles', name: c.attachment, as: named(c.attachment_name ?? 'application.pdf') });
    for (const h of history)
      if (h.attachment && h.by === 'you')
        own.push({
          area: 'CaseFiles',
          name: h.attachment,
          as: named(h.attachment_name ?? `${h.to_status === 'appealed' ? 'appeal' : 'answer'}-${own.length}.pdf`),
        });
    files.push(...own);
    // The bureau's response is withheld here as everywhere until a supervisor verifies it.
    const shown = responseShown(c.status);
    const told = history.map((h) =>
      !shown && h.action === 'status' && h.to_status === 'responded' ? { ...h, note: null, attachment: null } : h,
    );
    withDetails.push({
      ...c,
      response_justification: shown ? c.response_justification : null,
      response_attachment: shown ? c.response_attachment : null,
      answers,
      history: told,
      schedules,
      rating,
    });
    summaryCases.push({ row: c, history: told, files: own.map((f) => f.as) });
  }
  const notifications = await notificationsOf(q, customerId);
  // Texts to and from the bureau's number: those of each number they proved, while they held it (ADR 0029).
  const sms = await textsOfCustomer(q, customerId);
  const ussd = await sessionsOfCustomer(q, customerId);
  const phoneProofs = await proofsOf(q, customerId);
  return {
    data: { profile, phoneProofs, cases: withDetails, notifications, sms, ussd },
    files,
    summary: {
      lang: langOf(String(row.preferred_language ?? 'Am')),
      profile: row,
      cases: summaryCases,
      otherFiles,
      notifications: notifications.length,
      texts: sms.length,
    },
  };
}

/**
 * Builds the customer's archive (a ZIP: `data.json`, `summary.html` and `summary.pdf` in their
 * language, and their own files under `files/`) and
 * keeps it DATA_EXPORT_HOURS hours for one download by its owner. A newer request replaces
 * an archive not yet downloaded.
 */
export async function requestExport(
  ctx: Context,
  customerId: string,
): Promise<Messages & { export_id: string; expires_at: string }> {
  const { data, files, summary } = await collect(ctx.db, customerId);
  const id = randomUUID();
  const file = `${id}.zip`;
  const zip = new yazl.ZipFile();
  const exportedAt = new Date();
  zip.addBuffer(
    Buffer.from(
      JSON.stringify({ exported_at: exportedAt.toISOString(), portal: ctx.config.publicUrl, ...data }, null, 2),
    ),
    'data.json',
  );
  // What a person reads, in their language: the same as a page and as a PDF (issue 51).
  zip.addBuffer(Buffer.from(summaryHtml({ ...summary, exportedAt })), 'summary.html');
  zip.addBuffer(Buffer.from(await summaryPdf({ ...summary, exportedAt })), 'summary.pdf');
  // Each file read from the store as the archive reaches it, not all opened at once.
  for (const f of files)
    if (await ctx.storage.has(f.area, f.name))
      zip.addReadStreamLazy(f.as, (give) => {
        const fail = (error: unknown) => give(error, undefined as never);
        ctx.storage
          .open(f.area, f.name)
          .then(
            (opened) =>
              opened ? give(null, opened.stream) : fail(new Error(`${f.area} ${f.name}: gone while zipped`)),
            fail,
          );
      });
  zip.end();
  try {
    // A file that fails to be read fails the archive, which is then not kept.
    const failed = new Promise<never>((_, reject) => zip.on('error', reject));
    await Promise.race([ctx.storage.put('Exports', file, zip.outputStream as Readable), failed]);
    const older = await ctx.db.tx(async (q) => {
      const replaced = await replaceExport(q, id, customerId, file, DATA_EXPORT_HOURS);
      await audit(q, customerId, 'export_requested');
      return replaced;
    });
    for (const o of older) await ctx.storage.drop('Exports', o.file);
  } catch (error) {
    await ctx.storage.drop('Exports', file);
    throw error;
  }
  return {
    ...message('exportReady', { hours: DATA_EXPORT_HOURS }),
    export_id: id,
    expires_at: new Date(exportedAt.getTime() + DATA_EXPORT_HOURS * 3_600_000).toISOString(),
  };
}

/**
 * The archive, once, to its owner, within its hours: taken atomically (two downloads at once
 * get it once), then its file is removed when sent. Anything else answers 404.
 */
export async function downloadExport(
  ctx: Context,
  customerId: string,
  id: string,
): Promise<{ stream: Readable; name: string; done: () => Promise<void> }> {
  const taken = await ctx.db.tx(async (q) => {
    const row = await takeExport(q, id, customerId);
    if (row) await audit(q, customerId, 'export_downloaded');
    return row;
  });
  if (!taken) throw new AppError(404, 'exportNotFound');
  const opened = await ctx.storage.open('Exports', taken.file);
  if (!opened) throw new AppError(404, 'exportNotFound');
  return {
    stream: opened.stream,
    name: `my-data-${new Date().toISOString().slice(0, 10)}.zip`,
    done: () => ctx.storage.drop('Exports', taken.file),
  };
}

/** Archives older than their hours, or downloaded: their files go (the periodic sweep). */
export async function sweepExports(ctx: Context): Promise<void> {
  const gone = await deleteSpentExports(ctx.db);
  for (const g of gone) await ctx.storage.drop('Exports', g.file);
}

/** The tables an account's deletion empties or deletes rows of. */
const ERASED_TABLES = [
  'customers',
  'cases',
  'case_answers',
  'case_history',
  'otp_codes',
  'phone_codes',
  'reset_tokens',
  'idempotency_keys',
  'data_exports',
  'notifications',
  'sms_parts',
  'sms_messages',
];

/**
 * Deletes the account (ADR 0019): the password confirms it; every session ends; every
 * personal field is emptied and the customer's own files, codes, keys, archives and messages
 * are removed; the case records the bureau must keep stay, without the person's identity
 * and without what the person wrote. A mail confirms it, and its address is erased from the
 * outbox once sent. The e-mail address can register again.
 */
export async function deleteAccount(ctx: Context, customerId: string, password: string): Promise<Messages> {
  const who = await accountOf(ctx.db, customerId);
  if (!who) throw unauthorized();
  if (!(await verifyPassword(password, who.password_hash))) throw new AppError(400, 'passwordWrong');
  const erasedAt = new Date();
  const cases = (await casesOf(ctx.db, customerId)).map((c) => c.id);
  const files = await ctx.db.tx(async (q) => {
    const own: OwnFile[] = who.picture ? [{ area: 'CustomerImages', name: who.picture }] : [];
    for (const name of await filesGivenBy(q, customerId)) own.push({ area: 'CaseFiles', name });
    // What the person wrote goes; what the bureau decided stays (ADR 0019).
    for (const e of await eraseCustomer(q, customerId)) own.push({ area: 'Exports', name: e.file });
    await audit(q, customerId, 'account_deleted');
    await ctx.mailer.send(
      { ...accountDeletedMail(who.email, langOf(who.preferred_language)), forgetRecipient: true },
      { customer: customerId },
      q,
    );
    return own;
  });
  for (const f of files) await ctx.storage.remove(f.area, f.name);
  // Their cases' prints, which the hourly sweep would otherwise leave up to an hour.
  await ctx.storage.removeNamed(cases.map((id) => printPrefix(ctx, id)));
  // What the development outbox kept of their messages goes too; the confirmation, queued above, is handed over after.
  await ctx.outbox.forget(customerId, erasedAt);
  // And the old versions of the rows just emptied leave the database's files (PGlite; docs/security.md).
  await ctx.db.reclaim(ERASED_TABLES);
  return message('accountDeleted');
}
