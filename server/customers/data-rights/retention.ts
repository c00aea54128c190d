import type { Lang } from '../../../contract/languages.ts';
import { DATA_EXPORT_HOURS } from '../../../contract/limits.ts';
import type { Values } from '../../texts/messages.ts';
import { say } from '../../texts/messages.ts';
import {
  IDEMPOTENCY_KEY_DAYS,
  SENT_MESSAGE_DAYS,
  SMS_RECORD_DAYS,
  UNVERIFIED_REGISTRATION_DAYS,
} from '../../config/tuning.ts';

type Kind = 'unverified' | 'sms' | 'ussd' | 'outbox' | 'archive' | 'retryKey' | 'deleted' | 'record' | 'rights';

/** What is kept (`retention.<kind>.what` in server/texts) and the figures its period is said with. */
const KEPT: [Kind, Values][] = [
  ['unverified', { days: UNVERIFIED_REGISTRATION_DAYS }],
  ['sms', { days: SMS_RECORD_DAYS }],
  ['ussd', { days: SMS_RECORD_DAYS }],
  ['outbox', { days: SENT_MESSAGE_DAYS }],
  ['archive', { hours: DATA_EXPORT_HOURS }],
  ['retryKey', { days: IDEMPOTENCY_KEY_DAYS }],
  ['deleted', {}],
  ['record', {}],
  ['rights', {}],
];

/**
 * What the portal keeps and for how long (docs/decisions/0019), in `lang`, for the auditor's
 * evidence pack (`npm run evidence`): each period is the constant the sweep itself deletes by,
 * so the table cannot say one period while the code keeps another.
 */
export const retention = (lang: Lang): { what: string; kept: string }[] =>
  KEPT.map(([kind, values]) => ({
    what: say(lang, `retention.${kind}.what` as const) ?? kind,
    kept: say(lang, `retention.${kind}.kept` as const, values) ?? kind,
  }));
