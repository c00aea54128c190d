import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Messages } from '../../contract/common.ts';
import { DATA_EXPORT_HOURS } from '../../contract/limits.ts';
import type { LifecycleStatus } from '../../contract/case-lifecycle.machine.ts';
import type { Area } from '../adapters/storage.ts';
import { responseShown } from '../cases/lifecycle.ts';
import { printPrefix } from '../cases/print.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { AppError, unauthorized } from '../errors.ts';
import { langOf, message } from '../messages.ts';
import { accountDeletedMail } from './mail-templates.ts';
import { verifyPassword } from './passwords.ts';

type Audited = 'export_requested' | 'export_downloaded' | 'account_deleted';
/** Who used which right and when: the account's id, the action, the time; nothing personal. */
const audit = (q: Queryable, subject: string, action: Audited) => q.query('INSERT INTO data_rights_audit (subject, action) VALUES ($1, $2)', [subject, action]);

/** The customer's own files: where each lives and the name it has in the archive. */
interface OwnFile {
  area: Area;
  name: string;
}

/**
 * Everything the portal keeps about a customer, as data: the profile (without the password's
 * hash), the cases with their answers, history, appointments and ratings, and the messages
 * sent to them (their text is erased once sent: what, when and by which channel remain).
 * Staff members are named by role only ("the bureau").
 */
async function collect(q: Queryable, customerId: string): Promise<{ data: Record<string, unknown>; files: OwnFile[] }> {
  const [profile] = await q.query<Record<string, unknown> & { email: string; phone: string; picture: string | null }>(
    `SELECT id, firstname, middlename, lastname, gender, email, email_verified, phone, house_phone_number, subcity, woreda, house_number,
            picture, status, preferred_language, notify_email, notify_sms, phone_verified IS NOT NULL AND phone_verified = phone AS phone_verified, created_at
     FROM customers WHERE id = $1 AND deleted_at IS NULL`,
    [customerId],
  );
  if (!profile) throw unauthorized();
  const cases = await q.query<
    Record<string, unknown> & {
      id: string;
      status: LifecycleStatus;
      attachment: string | null;
      response_justification: string | null;
      response_attachment: string | null;
    }
  >(
    `SELECT c.id, c.case_number, c.status, d.name_en AS division, l.case_name_en AS case_request, c.remark, c.attachment,
            (SELECT r.case_number FROM cases r WHERE r.id = c.related_case_id) AS related_case_number,
            c.created_at, c.ongoing_date, c.responded_date, c.verified_date, c.rejected_date, c.appealed_at,
            c.rejection_justification, c.response_justification, c.response_attachment
     FROM cases c JOIN divisions d ON d.id = c.division_id JOIN case_lists l ON l.id = c.case_list_id
     WHERE c.customer_id = $1 ORDER BY c.created_at, c.id`,
    [customerId],
  );
  const files: OwnFile[] = profile.picture ? [{ area: 'CustomerImages', name: profile.picture }] : [];
  const withDetails = [];
  for (const c of cases) {
    const answers = await q.query(
      `SELECT qn.name_en AS question, a.answer FROM case_answers a JOIN questions qn ON qn.id = a.question_id WHERE a.case_id = $1 ORDER BY a.position`,
      [c.id],
    );
    const history = await q.query<{ attachment: string | null; note: string | null; by: string; action: string; to_status: string }>(
      `SELECT created_at AS at, action, from_status, to_status, CASE WHEN actor_customer_id IS NOT NULL THEN 'you' ELSE 'the bureau' END AS by, note, attachment
       FROM case_history WHERE case_id = $1 ORDER BY created_at, id`,
      [c.id],
    );
    const schedules = await q.query('SELECT scheduled_date, extended_date, created_at FROM case_schedules WHERE case_id = $1 ORDER BY created_at', [c.id]);
    const ratings = await q.query('SELECT rate_num, created_at FROM ratings WHERE case_id = $1 AND customer_id = $2', [c.id, customerId]);
    if (c.attachment) files.push({ area: 'CaseFiles', name: c.attachment });
    for (const h of history) if (h.attachment && h.by === 'you') files.push({ area: 'CaseFiles', name: h.attachment });
    // The bureau's response is withheld here as everywhere until a supervisor verifies it.
    const shown = responseShown(c.status);
    withDetails.push({
      ...c,
      response_justification: shown ? c.response_justification : null,
      response_attachment: shown ? c.response_attachment : null,
      answers,
      history: history.map((h) => (!shown && h.action === 'status' && h.to_status === 'responded' ? { ...h, note: null, attachment: null } : h)),
      schedules,
      rating: ratings[0] ?? null,
    });
  }
  // The messages sent for this account: never another person's to the same number or address.
  const notifications = await q.query(
    `SELECT channel, subject, created_at, sent_at, delivered_at, failed_at FROM notifications WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
  return { data: { profile, cases: withDetails, notifications }, files };
}

/**
 * Builds the customer's archive (a ZIP: `data.json` and their own files under `files/`) and
 * keeps it DATA_EXPORT_HOURS hours for one download by its owner. A newer request replaces
 * an archive not yet downloaded.
 */
export async function requestExport(ctx: Context, customerId: string): Promise<Messages & { export_id: string; expires_at: string }> {
  const { data, files } = await collect(ctx.db, customerId);
  const id = randomUUID();
  const file = `${id}.zip`;
  const target = path.join(ctx.storage.dirOf('Exports'), file);
  const zip = new yazl.ZipFile();
  const exportedAt = new Date();
  zip.addBuffer(Buffer.from(JSON.stringify({ exported_at: exportedAt.toISOString(), portal: ctx.config.publicUrl, ...data }, null, 2)), 'data.json');
  for (const f of files) {
    const full = path.join(ctx.storage.dirOf(f.area), path.basename(f.name));
    if (existsSync(full)) zip.addFile(full, `files/${f.area}/${path.basename(f.name)}`);
  }
  zip.end();
  try {
    await pipeline(zip.outputStream, createWriteStream(target));
    const older = await ctx.db.tx(async (q) => {
      const replaced = await q.query<{ file: string }>('DELETE FROM data_exports WHERE customer_id = $1 RETURNING file', [customerId]);
      await q.query(`INSERT INTO data_exports (id, customer_id, file, expires_at) VALUES ($1, $2, $3, now() + $4::int * interval '1 hour')`, [
        id,
        customerId,
        file,
        DATA_EXPORT_HOURS,
      ]);
      await audit(q, customerId, 'export_requested');
      return replaced;
    });
    for (const o of older) await rm(path.join(ctx.storage.dirOf('Exports'), path.basename(o.file)), { force: true });
  } catch (error) {
    await rm(target, { force: true });
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
export async function downloadExport(ctx: Context, customerId: string, id: string): Promise<{ stream: Readable; name: string; done: () => Promise<void> }> {
  const taken = await ctx.db.tx(async (q) => {
    const [row] = await q.query<{ file: string }>(
      `UPDATE data_exports SET downloaded_at = now()
       WHERE id::text = $1 AND customer_id = $2 AND downloaded_at IS NULL AND expires_at > now() RETURNING file`,
      [id, customerId],
    );
    if (row) await audit(q, customerId, 'export_downloaded');
    return row;
  });
  if (!taken) throw new AppError(404, 'exportNotFound');
  const full = path.join(ctx.storage.dirOf('Exports'), path.basename(taken.file));
  return {
    stream: createReadStream(full),
    name: `my-data-${new Date().toISOString().slice(0, 10)}.zip`,
    done: () => rm(full, { force: true }),
  };
}

/** Archives older than their hours, or downloaded: their files go (the periodic sweep). */
export async function sweepExports(ctx: Context): Promise<void> {
  const gone = await ctx.db.query<{ file: string }>('DELETE FROM data_exports WHERE expires_at < now() OR downloaded_at IS NOT NULL RETURNING file');
  for (const g of gone) await rm(path.join(ctx.storage.dirOf('Exports'), path.basename(g.file)), { force: true });
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
];

/**
 * Deletes the account (ADR 0019): the password confirms it; every session ends; every
 * personal field is emptied and the customer's own files, codes, keys, archives and messages
 * are removed; the case records the bureau must keep stay, without the person's identity
 * and without what the person wrote. A mail confirms it, and its address is erased from the
 * outbox once sent. The e-mail address can register again.
 */
export async function deleteAccount(ctx: Context, customerId: string, password: string): Promise<Messages> {
  const [who] = await ctx.db.query<{ password_hash: string; email: string; phone: string; picture: string | null; preferred_language: string }>(
    'SELECT password_hash, email, phone, picture, preferred_language FROM customers WHERE id = $1 AND deleted_at IS NULL',
    [customerId],
  );
  if (!who) throw unauthorized();
  if (!(await verifyPassword(password, who.password_hash))) throw new AppError(400, 'passwordWrong');
  const erasedAt = new Date();
  const files = await ctx.db.tx(async (q) => {
    const own: OwnFile[] = who.picture ? [{ area: 'CustomerImages', name: who.picture }] : [];
    for (const r of await q.query<{ attachment: string }>('SELECT attachment FROM cases WHERE customer_id = $1 AND attachment IS NOT NULL', [customerId]))
      own.push({ area: 'CaseFiles', name: r.attachment });
    for (const r of await q.query<{ attachment: string }>('SELECT attachment FROM case_history WHERE actor_customer_id = $1 AND attachment IS NOT NULL', [
      customerId,
    ]))
      own.push({ area: 'CaseFiles', name: r.attachment });
    const exports = await q.query<{ file: string }>('DELETE FROM data_exports WHERE customer_id = $1 RETURNING file', [customerId]);
    for (const e of exports) own.push({ area: 'Exports', name: e.file });
    // What the person wrote goes; what the bureau decided stays (ADR 0019).
    await q.query('UPDATE cases SET remark = NULL, attachment = NULL WHERE customer_id = $1', [customerId]);
    await q.query("UPDATE case_answers SET answer = '' WHERE case_id IN (SELECT id FROM cases WHERE customer_id = $1)", [customerId]);
    await q.query('UPDATE case_history SET note = NULL, attachment = NULL WHERE actor_customer_id = $1', [customerId]);
    for (const table of ['otp_codes', 'phone_codes', 'reset_tokens', 'idempotency_keys'])
      await q.query(`DELETE FROM ${table} WHERE customer_id = $1`, [customerId]);
    await q.query('DELETE FROM notifications WHERE customer_id = $1', [customerId]);
    await q.query(
      `UPDATE customers SET email = 'deleted-' || id || '@deleted.invalid', password_hash = '', firstname = '', middlename = '', lastname = '',
         gender = '', subcity = '', woreda = '', house_number = '', phone = '', house_phone_number = '', picture = NULL, status = 'inactive',
         email_verified = false, phone_verified = NULL, notify_email = false, notify_sms = false, token_version = token_version + 1, deleted_at = now()
       WHERE id = $1`,
      [customerId],
    );
    await audit(q, customerId, 'account_deleted');
    await ctx.mailer.send({ ...accountDeletedMail(who.email, langOf(who.preferred_language)), forgetRecipient: true }, { customer: customerId }, q);
    return own;
  });
  for (const f of files) await ctx.storage.remove(f.area, f.name);
  // Their cases' prints, which the hourly sweep would otherwise leave up to an hour.
  await ctx.storage.removeNamed(printPrefix(ctx, customerId));
  // What the development outbox kept of their messages goes too; the confirmation, queued above, is handed over after.
  await ctx.outbox.forget(customerId, erasedAt);
  // And the old versions of the rows just emptied leave the database's files (PGlite; docs/security.md).
  await ctx.db.reclaim(ERASED_TABLES);
  return message('accountDeleted');
}
