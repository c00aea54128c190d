import { DATA_EXPORT_HOURS } from '../../../contract/limits.ts';
import {
  IDEMPOTENCY_KEY_DAYS,
  SENT_MESSAGE_DAYS,
  SMS_RECORD_DAYS,
  UNVERIFIED_REGISTRATION_DAYS,
} from '../../tuning.ts';

type Said = { en: string; am: string };

/**
 * What the portal keeps and for how long (docs/decisions/0019), for the auditor's evidence
 * pack (`npm run evidence`): each period is the constant the sweep itself deletes by, so the
 * table cannot say one period while the code keeps another.
 */
export const RETENTION: { what: Said; kept: Said }[] = [
  {
    what: { en: 'A registration never verified, with its picture', am: 'ያልተረጋገጠ ምዝገባ ከፎቶው ጋር' },
    kept: {
      en: `${UNVERIFIED_REGISTRATION_DAYS} days after it was made, then removed`,
      am: `ከተሠራ ${UNVERIFIED_REGISTRATION_DAYS} ቀናት፣ ከዚያ ይሰረዛል`,
    },
  },
  {
    what: { en: "Texts to the bureau's number and their answers", am: 'ወደ ቢሮው ቁጥር የተላኩ መልእክቶችና መልሶቻቸው' },
    kept: { en: `${SMS_RECORD_DAYS} days, then removed`, am: `${SMS_RECORD_DAYS} ቀናት፣ ከዚያ ይሰረዛሉ` },
  },
  {
    what: { en: 'A mail or SMS sent to a customer (or given up on)', am: 'ለደንበኛ የተላከ (ወይም ያልተሳካ) ኢሜይል ወይም አጭር መልእክት' },
    kept: {
      en: `${SENT_MESSAGE_DAYS} days after it was written, then removed`,
      am: `ከተጻፈ ${SENT_MESSAGE_DAYS} ቀናት፣ ከዚያ ይሰረዛል`,
    },
  },
  {
    what: { en: "A customer's data archive", am: 'የደንበኛ የመረጃ ማህደር' },
    kept: {
      en: `${DATA_EXPORT_HOURS} hours, downloaded once by its owner, then removed`,
      am: `${DATA_EXPORT_HOURS} ሰዓታት፣ ባለቤቱ አንድ ጊዜ ያወርደዋል፣ ከዚያ ይሰረዛል`,
    },
  },
  {
    what: { en: "A request's retry key", am: 'የጥያቄ ድጋሚ መላኪያ ቁልፍ' },
    kept: { en: `${IDEMPOTENCY_KEY_DAYS} day, then removed`, am: `${IDEMPOTENCY_KEY_DAYS} ቀን፣ ከዚያ ይሰረዛል` },
  },
  {
    what: {
      en: 'A deleted account: its personal fields, what the person wrote into their cases, their files, codes, archives and messages',
      am: 'የተሰረዘ መለያ፦ የግል መረጃዎቹ፣ ሰውየው በጉዳዮቹ የጻፈው፣ ፋይሎቹ፣ ኮዶቹ፣ ማህደሮቹና መልእክቶቹ',
    },
    kept: { en: 'erased at once, when the password confirms', am: 'የይለፍ ቃሉ ሲያረጋግጥ ወዲያውኑ ይሰረዛሉ' },
  },
  {
    what: {
      en: "The bureau's record of a deleted account's cases: number, division, type, status, dates, history, decisions, appointments, ratings",
      am: 'የተሰረዘ መለያ ጉዳዮች የቢሮው መዝገብ፦ ቁጥር፣ ክፍል፣ ዓይነት፣ ሁኔታ፣ ቀኖች፣ ታሪክ፣ ውሳኔዎች፣ ቀጠሮዎች፣ ደረጃዎች',
    },
    kept: {
      en: "without identity, under the bureau's records schedule (ADR 0019)",
      am: 'ማንነት ሳይኖረው፣ በቢሮው የመዝገብ መርሐ ግብር መሠረት (ADR 0019)',
    },
  },
  {
    what: {
      en: 'Each use of a data right (archive asked, downloaded, account deleted)',
      am: 'እያንዳንዱ የመረጃ መብት አጠቃቀም (ማህደር መጠየቅ፣ ማውረድ፣ መለያ መሰረዝ)',
    },
    kept: { en: "the account's id, the action and the time only", am: 'የመለያው መለያ ቁጥር፣ ድርጊቱና ሰዓቱ ብቻ' },
  },
];
