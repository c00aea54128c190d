import type { Lang } from '../../contract/common.ts';
import type { CaseStatus } from '../../contract/entities.ts';
import type { Mail } from '../adapters/mail.ts';
import { OTP_TTL_MINUTES, RESET_TTL_MINUTES } from '../../contract/limits.ts';

/**
 * Mail to customers, in English and Amharic. A customer whose language is one of the
 * other four gets Amharic and English together, so that nothing is lost while those
 * translations are not reviewed.
 */
type Bilingual = { en: string; am: string };

const BUREAU: Bilingual = { en: 'Housing Development and Administration Bureau', am: 'የቤቶች ልማትና አስተዳደር ቢሮ' };

const STATUS_NAMES: Record<CaseStatus, Bilingual> = {
  pending: { en: 'pending', am: 'በመጠባበቅ ላይ' },
  ongoing: { en: 'processing', am: 'በሂደት ላይ' },
  responded: { en: 'processing', am: 'በሂደት ላይ' },
  verified: { en: 'responded', am: 'ምላሽ ተሰጥቶታል' },
  rejected: { en: 'rejected', am: 'ውድቅ ተደርጓል' },
  info_requested: { en: 'information requested', am: 'ተጨማሪ መረጃ ተጠይቋል' },
  appealed: { en: 'appealed', am: 'ይግባኝ ቀርቧል' },
  withdrawn: { en: 'withdrawn', am: 'ተሰርዟል' },
};

function compose(to: string, lang: Lang, subject: Bilingual, body: Bilingual): Mail {
  const sign = (l: 'en' | 'am') => `\n\n${BUREAU[l]}`;
  if (lang === 'en') return { to, subject: subject.en, text: body.en + sign('en') };
  if (lang === 'am') return { to, subject: subject.am, text: body.am + sign('am') };
  return { to, subject: `${subject.am} / ${subject.en}`, text: `${body.am}${sign('am')}\n\n----\n\n${body.en}${sign('en')}` };
}

export function otpMail(to: string, lang: Lang, code: string, name: string): Mail {
  return compose(
    to,
    lang,
    { en: `Your verification code: ${code}`, am: `የማረጋገጫ ኮድዎ፦ ${code}` },
    {
      en: `Your verification code is ${code}.\nIt confirms the registration of ${name} and works for ${OTP_TTL_MINUTES} minutes.\nIf this is not your registration, do not use the code; ignore this message.`,
      am: `የማረጋገጫ ኮድዎ ${code} ነው።\nየ${name} ምዝገባን ያረጋግጣል፤ ለ${OTP_TTL_MINUTES} ደቂቃዎች ያገለግላል።\nምዝገባው የእርስዎ ካልሆነ ኮዱን አይጠቀሙ፤ ይህን መልእክት ችላ ይበሉ።`,
    },
  );
}

export function alreadyRegisteredMail(to: string, lang: Lang, loginUrl: string, forgotUrl: string): Mail {
  return compose(
    to,
    lang,
    { en: 'Someone tried to register with your email', am: 'በኢሜይልዎ ለመመዝገብ ሙከራ ተደርጓል' },
    {
      en: `Someone tried to register a new account with this email, which already has an account.\nLog in: ${loginUrl}\nForgot your password? ${forgotUrl}\nIf it was not you, ignore this message.`,
      am: `ቀድሞ መለያ ባለው በዚህ ኢሜይል አዲስ መለያ ለመክፈት ሙከራ ተደርጓል።\nለመግባት፦ ${loginUrl}\nየይለፍ ቃልዎን ረስተዋል? ${forgotUrl}\nእርስዎ ካልሆኑ ይህን መልእክት ችላ ይበሉ።`,
    },
  );
}

export function resetMail(to: string, lang: Lang, link: string): Mail {
  return compose(
    to,
    lang,
    { en: 'Reset your password', am: 'የይለፍ ቃልዎን ይቀይሩ' },
    {
      en: `To set a new password, open this link within ${RESET_TTL_MINUTES} minutes:\n${link}\nThe link works once. If you did not ask for it, ignore this message; your password stays the same.`,
      am: `አዲስ የይለፍ ቃል ለማዘጋጀት ይህን ሊንክ በ${RESET_TTL_MINUTES} ደቂቃ ውስጥ ይክፈቱ፦\n${link}\nሊንኩ አንድ ጊዜ ብቻ ይሰራል። ያልጠየቁት ከሆነ ይህን መልእክት ችላ ይበሉ፤ የይለፍ ቃልዎ አይቀየርም።`,
    },
  );
}

/** A status change; `note` is what the bureau wrote with it (a reason, a justification), quoted as written. */
export function statusMail(to: string, lang: Lang, caseNumber: string, status: CaseStatus, url: string, note?: string | null): Mail {
  const s = STATUS_NAMES[status];
  const said = note?.trim() ? { en: `\n\nThe bureau writes:\n${note.trim()}`, am: `\n\nቢሮው የጻፈው፦\n${note.trim()}` } : { en: '', am: '' };
  return compose(
    to,
    lang,
    { en: `Case ${caseNumber}: ${s.en}`, am: `ጉዳይ ${caseNumber}፦ ${s.am}` },
    {
      en: `The status of your case ${caseNumber} is now: ${s.en}.${said.en}\nSee the details: ${url}`,
      am: `የጉዳይዎ ${caseNumber} ሁኔታ አሁን፦ ${s.am}።${said.am}\nዝርዝሩን ይመልከቱ፦ ${url}`,
    },
  );
}

export function scheduleMail(to: string, lang: Lang, caseNumber: string, kind: 'scheduled' | 'extended', date: string, url: string): Mail {
  const day = date.slice(0, 10);
  return kind === 'scheduled'
    ? compose(
        to,
        lang,
        { en: `Case ${caseNumber}: appointment set`, am: `ጉዳይ ${caseNumber}፦ ቀጠሮ ተይዟል` },
        {
          en: `Your case ${caseNumber} has an appointment on ${day}.\nSee the details: ${url}`,
          am: `ጉዳይዎ ${caseNumber} በ${day} ቀጠሮ ተይዞለታል።\nዝርዝሩን ይመልከቱ፦ ${url}`,
        },
      )
    : compose(
        to,
        lang,
        { en: `Case ${caseNumber}: date extended`, am: `ጉዳይ ${caseNumber}፦ ቀኑ ተራዝሟል` },
        {
          en: `The date of your case ${caseNumber} has been extended to ${day}.\nSee the details: ${url}`,
          am: `የጉዳይዎ ${caseNumber} ቀን ወደ ${day} ተራዝሟል።\nዝርዝሩን ይመልከቱ፦ ${url}`,
        },
      );
}
