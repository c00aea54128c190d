import type { Context } from '../context.ts';
import { SMS_RECORD_DAYS, UNVERIFIED_REGISTRATION_DAYS } from '../config/tuning.ts';
import { sweepMessages } from '../sms/repository.ts';
import { sweepSessions } from '../ussd/repository.ts';
import { deleteExpiredTokens, deleteUnverified, forgetReplaced } from './repository.ts';

/**
 * Forgotten denylist entries are useless once their token has expired anyway; old mail
 * records go too, and registrations never verified (with their pictures) after a week, and
 * texts to and from the bureau's number and USSD sessions after SMS_RECORD_DAYS.
 */
export async function sweepExpired(ctx: Context): Promise<void> {
  const unverified = await deleteUnverified(ctx.db, UNVERIFIED_REGISTRATION_DAYS);
  for (const { picture } of unverified) if (picture) await ctx.storage.remove('CustomerImages', picture);
  const purged = unverified.length > 0 ? ['customers'] : [];
  await deleteExpiredTokens(ctx.db);
  // A replaced registration's handle is told so for as long as a registration waits, no longer.
  await forgetReplaced(ctx.db, UNVERIFIED_REGISTRATION_DAYS);
  // A sent message keeps no text; its row is only a record of delivery, kept a week.
  await ctx.outbox.sweep();
  // Texts to the bureau's number and their answers are kept SMS_RECORD_DAYS days.
  await sweepMessages(ctx.db, SMS_RECORD_DAYS);
  // USSD sessions are recorded like texts (issue 56).
  await sweepSessions(ctx.db, SMS_RECORD_DAYS);
  // Codes, links and texts blanked or deleted above and since the last sweep leave the files too (PGlite).
  await ctx.db.reclaim([
    ...purged,
    'otp_codes',
    'reset_tokens',
    'notifications',
    'sms_parts',
    'sms_messages',
    'ussd_sessions',
  ]);
}

/**
 * Kept files that no row names, an hour old at least (`minAgeMs`): left by a crash between the
 * store and the database (ADR 0043). Removed, counted (`portal_unnamed_files_removed_total`)
 * and said in the log; answers how many.
 */
export async function sweepUnnamedFiles(ctx: Context, minAgeMs: number): Promise<number> {
  const removed = await ctx.storage.sweepUnnamed(minAgeMs);
  if (removed > 0) {
    ctx.metrics.unnamedFilesRemoved.inc(removed);
    ctx.log.warn({ files: removed }, 'removed kept files that no row named');
  }
  return removed;
}
