import { randomBytes, randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { AccusationFields } from '../../contract/payloads.ts';
import type { Context } from '../context.ts';
import { message } from '../messages.ts';
import type { Staged } from '../adapters/storage.ts';

/** A code the complainant can quote without giving a name: 10 characters, 50 bits. */
function trackingCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `ACC-${[...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export async function fileAccusation(ctx: Context, fields: AccusationFields, attachment: Staged | undefined): Promise<Messages & { tracking_code: string }> {
  await attachment?.commit();
  const code = trackingCode();
  try {
    await ctx.db.tx(async (q) => {
      await q.query(
        `INSERT INTO accusations (id, tracking_code, name, phone, subject, description, accused_organizational_part, attachment)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          code,
          fields.name || null,
          fields.phone || null,
          fields.subject,
          fields.description,
          fields.accused_organizational_part || null,
          attachment?.name ?? null,
        ],
      );
      await attachment?.settle(q);
    });
  } catch (error) {
    if (attachment) await ctx.storage.remove('Accusations', attachment.name);
    throw error;
  }
  return { ...message('accusationCreated', { tracking_code: code }), tracking_code: code };
}
