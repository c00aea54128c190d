import type { Lang } from '../../contract/common.ts';
import type { CaseStatus } from '../../contract/entities.ts';
import { formatDay } from '../../contract/dates.ts';
import type { Mail } from './mail.ts';
import { OTP_TTL_MINUTES, RESET_TTL_MINUTES } from '../../contract/limits.ts';

/**
 * Mail to customers. English and Amharic are written by the team. Oromo (or), Tigrinya
 * (tg) and Somali (sm) drafts exist for the case mails; they are NOT YET REVIEWED by a
 * native speaker, so such a mail says so and carries the Amharic and English texts below
 * the draft. A language without a draft (Afar, and the account mails) gets Amharic and
 * English together, so that nothing is lost while those translations are missing.
 */
type Bilingual = { en: string; am: string };
type Texts = Bilingual & Partial<Record<Exclude<Lang, 'en' | 'am'>, string>>;

const BUREAU: Texts = {
  en: 'Housing Development and Administration Bureau',
  am: 'የቤቶች ልማትና አስተዳደር ቢሮ',
  or: 'Biiroo Misoomaa fi Bulchiinsa Manneenii',
  tg: 'ቢሮ ምምዕባልን ምምሕዳርን ኣባይቲ',
  sm: 'Xafiiska Horumarinta iyo Maamulka Guryaha',
};

/** The line that opens a mail whose first text is an unreviewed draft (the draft's own words, then English). */
const UNREVIEWED: Partial<Record<Lang, string>> = {
  or: 'Hiikkaan kun hin sakatta’amne; barreeffamni Amaariffaa fi Ingiliffaa gadii isa sirrii dha.',
  tg: 'እዚ ትርጉም ገና ኣይተመርመረን፤ ኣብ ታሕቲ ዘሎ ናይ ኣምሓርኛን እንግሊዝኛን ጽሑፍ እዩ ዝጸንዕ።',
  sm: 'Turjumaaddan weli lama hubin; qoraallada Amxaariga iyo Ingiriisiga ee hoose ayaa ah kuwa la isku halleyn karo.',
};
const UNREVIEWED_EN = 'This translation has not yet been reviewed; the Amharic and English texts below are the reference.';

/** Status names as customers read them (the spec's five, and the lifecycle's three more); print uses them too. */
export const STATUS_NAMES: Record<CaseStatus, Texts> = {
  pending: { en: 'pending', am: 'በመጠባበቅ ላይ', or: 'eegaa jira', tg: 'ኣብ ምጽባይ', sm: 'sugaya' },
  ongoing: { en: 'processing', am: 'በሂደት ላይ', or: 'hojii irra jira', tg: 'ኣብ መስርሕ', sm: 'socda' },
  responded: { en: 'processing', am: 'በሂደት ላይ', or: 'hojii irra jira', tg: 'ኣብ መስርሕ', sm: 'socda' },
  verified: { en: 'responded', am: 'ምላሽ ተሰጥቶታል', or: 'deebiin kennameera', tg: 'መልሲ ተዋሂቡ', sm: 'waa laga jawaabay' },
  rejected: { en: 'rejected', am: 'ውድቅ ተደርጓል', or: 'didameera', tg: 'ተነጺጉ', sm: 'waa la diiday' },
  info_requested: {
    en: 'information requested',
    am: 'ተጨማሪ መረጃ ተጠይቋል',
    or: 'odeeffannoon dabalataa gaafatameera',
    tg: 'ተወሳኺ ሓበሬታ ተሓቲቱ',
    sm: 'macluumaad dheeraad ah ayaa la codsaday',
  },
  appealed: { en: 'appealed', am: 'ይግባኝ ቀርቧል', or: 'oliyyannoon dhiyaateera', tg: 'ይግባይ ቀሪቡ', sm: 'rafcaan ayaa la gudbiyay' },
  withdrawn: { en: 'withdrawn', am: 'በደንበኛው ተቋርጧል', or: 'haqameera', tg: 'ተሰሒቡ', sm: 'waa la baxay' },
};

function compose(to: string, lang: Lang, subject: Texts, body: Texts): Mail {
  const signed = (l: Lang) => `${body[l]}\n\n${BUREAU[l] ?? BUREAU.en}`;
  if (lang === 'en' || lang === 'am') return { to, subject: subject[lang], text: signed(lang) };
  const reference = `${signed('am')}\n\n----\n\n${signed('en')}`;
  const draft = body[lang];
  if (!draft) return { to, subject: `${subject.am} / ${subject.en}`, text: reference };
  return {
    to,
    subject: `${subject[lang] ?? subject.en} / ${subject.en}`,
    text: `${UNREVIEWED[lang] ?? ''}\n${UNREVIEWED_EN}\n\n${signed(lang)}\n\n----\n\n${reference}`,
  };
}

export function otpMail(to: string, lang: Lang, code: string, name: string): Mail {
  return compose(
    to,
    lang,
    // The code stays out of the subject: subjects show on lock screens and stay in the outbox's record once sent.
    { en: 'Your verification code', am: 'የማረጋገጫ ኮድዎ' },
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
  const quoted = note?.trim();
  const said = (intro: string) => (quoted ? `\n\n${intro}\n${quoted}` : '');
  return compose(
    to,
    lang,
    {
      en: `Case ${caseNumber}: ${s.en}`,
      am: `ጉዳይ ${caseNumber}፦ ${s.am}`,
      or: `Dhimma ${caseNumber}: ${s.or}`,
      tg: `ጉዳይ ${caseNumber}፦ ${s.tg}`,
      sm: `Kiiska ${caseNumber}: ${s.sm}`,
    },
    {
      en: `The status of your case ${caseNumber} is now: ${s.en}.${said('The bureau writes:')}\nSee the details: ${url}`,
      am: `የጉዳይዎ ${caseNumber} ሁኔታ አሁን፦ ${s.am}።${said('ቢሮው የጻፈው፦')}\nዝርዝሩን ይመልከቱ፦ ${url}`,
      or: `Haalli dhimma keessanii ${caseNumber} amma: ${s.or}.${said('Biiroon akkas jedha:')}\nBal’inaan ilaalaa: ${url}`,
      tg: `ኩነታት ጉዳይኩም ${caseNumber} ሕጂ፦ ${s.tg}።${said('ቢሮ ዝጸሓፎ፦')}\nዝርዝሩ ርኣዩ፦ ${url}`,
      sm: `Xaaladda kiiskaaga ${caseNumber} hadda waa: ${s.sm}.${said('Xafiisku wuxuu qoray:')}\nFaahfaahinta eeg: ${url}`,
    },
  );
}

/** An appointment set or moved; the day is written in the reader's calendar. */
export function scheduleMail(to: string, lang: Lang, caseNumber: string, kind: 'scheduled' | 'extended', date: Date, url: string): Mail {
  const day = (l: Lang) => formatDay(date, l);
  return kind === 'scheduled'
    ? compose(
        to,
        lang,
        {
          en: `Case ${caseNumber}: appointment set`,
          am: `ጉዳይ ${caseNumber}፦ ቀጠሮ ተይዟል`,
          or: `Dhimma ${caseNumber}: beellamni qabameera`,
          tg: `ጉዳይ ${caseNumber}፦ ቆጸራ ተታሒዙ`,
          sm: `Kiiska ${caseNumber}: ballan ayaa la qabtay`,
        },
        {
          en: `Your case ${caseNumber} has an appointment on ${day('en')}.\nSee the details: ${url}`,
          am: `ጉዳይዎ ${caseNumber} በ${day('am')} ቀጠሮ ተይዞለታል።\nዝርዝሩን ይመልከቱ፦ ${url}`,
          or: `Dhimmi keessan ${caseNumber} guyyaa ${day('or')} beellama qaba.\nBal’inaan ilaalaa: ${url}`,
          tg: `ጉዳይኩም ${caseNumber} ብ${day('tg')} ቆጸራ ኣለዎ።\nዝርዝሩ ርኣዩ፦ ${url}`,
          sm: `Kiiskaaga ${caseNumber} wuxuu ballan leeyahay ${day('sm')}.\nFaahfaahinta eeg: ${url}`,
        },
      )
    : compose(
        to,
        lang,
        {
          en: `Case ${caseNumber}: date extended`,
          am: `ጉዳይ ${caseNumber}፦ ቀኑ ተራዝሟል`,
          or: `Dhimma ${caseNumber}: guyyaan dheereffameera`,
          tg: `ጉዳይ ${caseNumber}፦ ዕለት ተናዊሑ`,
          sm: `Kiiska ${caseNumber}: taariikhda waa la dheereeyay`,
        },
        {
          en: `The date of your case ${caseNumber} has been extended to ${day('en')}.\nSee the details: ${url}`,
          am: `የጉዳይዎ ${caseNumber} ቀን ወደ ${day('am')} ተራዝሟል።\nዝርዝሩን ይመልከቱ፦ ${url}`,
          or: `Guyyaan dhimma keessanii ${caseNumber} gara ${day('or')} tti dheereffameera.\nBal’inaan ilaalaa: ${url}`,
          tg: `ዕለት ጉዳይኩም ${caseNumber} ናብ ${day('tg')} ተናዊሑ።\nዝርዝሩ ርኣዩ፦ ${url}`,
          sm: `Taariikhda kiiskaaga ${caseNumber} waxaa loo dheereeyay ${day('sm')}.\nFaahfaahinta eeg: ${url}`,
        },
      );
}

/**
 * SMS to customers (issue 22): one short text, the case number and a link, nothing the
 * recipient does not already know. Written in the customer's language where a text exists
 * (drafts included: an SMS has no room for the reference texts); otherwise Amharic then English.
 */
const inLanguage = (texts: Texts, lang: Lang): string => texts[lang] ?? `${texts.am}\n${texts.en}`;

export function statusSms(lang: Lang, caseNumber: string, status: CaseStatus, url: string): string {
  const s = STATUS_NAMES[status];
  return inLanguage(
    {
      en: `Case ${caseNumber}: ${s.en}. ${url}`,
      am: `ጉዳይ ${caseNumber}፦ ${s.am}። ${url}`,
      or: `Dhimma ${caseNumber}: ${s.or}. ${url}`,
      tg: `ጉዳይ ${caseNumber}፦ ${s.tg}። ${url}`,
      sm: `Kiiska ${caseNumber}: ${s.sm}. ${url}`,
    },
    lang,
  );
}

export function scheduleSms(lang: Lang, caseNumber: string, kind: 'scheduled' | 'extended', date: Date, url: string): string {
  const day = (l: Lang) => formatDay(date, l);
  return inLanguage(
    kind === 'scheduled'
      ? { en: `Case ${caseNumber}: appointment on ${day('en')}. ${url}`, am: `ጉዳይ ${caseNumber}፦ ቀጠሮ በ${day('am')}። ${url}` }
      : { en: `Case ${caseNumber}: date extended to ${day('en')}. ${url}`, am: `ጉዳይ ${caseNumber}፦ ቀኑ ወደ ${day('am')} ተራዝሟል። ${url}` },
    lang,
  );
}

/** The code that proves a phone number is the customer's. */
export function phoneCodeSms(lang: Lang, code: string): string {
  return inLanguage(
    {
      en: `Housing Bureau: your code is ${code}. It works for ${OTP_TTL_MINUTES} minutes. Do not share it.`,
      am: `የቤቶች ቢሮ፦ ኮድዎ ${code} ነው። ለ${OTP_TTL_MINUTES} ደቂቃዎች ያገለግላል። ለማንም አያጋሩ።`,
    },
    lang,
  );
}

/** The confirmation that an account and its personal data are erased (issue 22). */
export function accountDeletedMail(to: string, lang: Lang): Mail {
  return compose(
    to,
    lang,
    { en: 'Your account has been deleted', am: 'መለያዎ ተሰርዟል' },
    {
      en: 'Your account with the housing bureau portal has been deleted, as you asked. Your personal details and your files are erased; the records of your cases that the bureau must keep remain, without your name or contact details.\nYou can register again with this e-mail address at any time.',
      am: 'እንደጠየቁት በቤቶች ቢሮ መግቢያ ላይ ያለዎት መለያ ተሰርዟል። የግል መረጃዎና ፋይሎችዎ ተደምስሰዋል፤ ቢሮው መያዝ ያለበት የጉዳዮችዎ መዝገብ ያለ ስምዎና የመገኛ አድራሻዎ ይቀራል።\nበዚህ የኢሜይል አድራሻ በማንኛውም ጊዜ እንደገና መመዝገብ ይችላሉ።',
    },
  );
}

/** The bureau has answered a complaint whose complainant asked to be told by SMS. */
export function complaintAnsweredSms(lang: Lang, code: string, url: string): string {
  return inLanguage(
    {
      en: `Housing Bureau: your complaint ${code} has been answered. ${url}`,
      am: `የቤቶች ቢሮ፦ ለቅሬታዎ ${code} ምላሽ ተሰጥቷል። ${url}`,
    },
    lang,
  );
}
