import {
  ATTACHMENT_MAX_BYTES,
  MANUAL_DOWNLOAD_NAME,
  MB,
  OTP_TTL_MINUTES,
  PICTURE_MAX_BYTES,
  RESET_TTL_MINUTES,
} from '../../contract/limits.ts';
import type { CustomerField } from '../../contract/customer-fields.ts';
import { CUSTOMER_FIELD_NAMES, CUSTOMER_FIELD_ROWS } from '../../contract/customer-fields.ts';
import type { Storage } from '../adapters/storage.ts';
import { MANUAL_FOLDER } from '../adapters/storage.ts';
import { PdfWriter } from '../adapters/pdf.ts';

type Section = { title: string; steps: string[] };
type Lang = 'am' | 'en';

/** The manual's word for each of the customer's fields (a new field of the table needs its words here). */
const FIELD_WORDS: Record<Lang, Record<CustomerField, string>> = {
  am: {
    firstname: 'ስም',
    middlename: 'የአባት ስም',
    lastname: 'የአያት ስም',
    gender: 'ፆታ',
    subcity: 'ክፍለ ከተማ',
    woreda: 'ወረዳ',
    house_number: 'የቤት ቁጥር',
    house_phone_number: 'የቤት ስልክ',
    email: 'ኢሜይል',
    phone: 'ስልክ',
  },
  en: {
    firstname: 'first name',
    middlename: 'middle name',
    lastname: 'last name',
    gender: 'gender',
    subcity: 'sub-city',
    woreda: 'woreda',
    house_number: 'house number',
    house_phone_number: 'home phone',
    email: 'email',
    phone: 'phone',
  },
};
const listed = (lang: Lang, words: string[]) =>
  words.length < 2
    ? words.join('')
    : `${words.slice(0, -1).join(lang === 'am' ? '፣ ' : ', ')}${lang === 'am' ? ' እና ' : ' and '}${words.at(-1)}`;

/** What the registration asks and each field's limit, from the table (contract/customer-fields.ts). */
export function fieldsStep(lang: Lang): string {
  const words = FIELD_WORDS[lang];
  const byLimit = new Map<number, string[]>();
  for (const field of CUSTOMER_FIELD_NAMES) {
    const { limit } = CUSTOMER_FIELD_ROWS[field];
    if (limit !== undefined) byLimit.set(limit, [...(byLimit.get(limit) ?? []), words[field]]);
  }
  const asked = [...CUSTOMER_FIELD_NAMES.map((f) => words[f]), lang === 'am' ? 'የይለፍ ቃል' : 'a password'];
  const limits = [...byLimit].map(([limit, fields]) =>
    lang === 'am'
      ? `${listed(lang, fields)} ከ${limit} ፊደል`
      : `${listed(lang, fields)} shorter than ${limit} characters`,
  );
  return lang === 'am'
    ? `${listed(lang, asked)} ያስገቡ። ${limits.join('፤ ')} ማነስ አለባቸው።`
    : `Enter your ${listed(lang, asked)}. These must be: ${limits.join('; ')}.`;
}

/** The customer manual, in Amharic and in English; the same steps in both. */
const MANUAL: Record<Lang, { title: string; intro: string; sections: Section[] }> = {
  am: {
    title: 'የደንበኞች አገልግሎት መግቢያ — የተጠቃሚ መመሪያ',
    intro:
      'ይህ መመሪያ በቢሮው የደንበኞች መግቢያ እንዴት እንደሚመዘገቡ፣ ጉዳይ እንደሚያቀርቡ፣ እንደሚከታተሉ፣ እንደሚያትሙ እና አገልግሎቱን እንደሚገመግሙ ያሳያል። ቋንቋውን ከላይ ባለው መምረጫ መቀየር ይችላሉ።',
    sections: [
      {
        title: '1. መመዝገብ',
        steps: [
          'በመነሻ ገጹ ላይ "ይመዝገቡ" የሚለውን ይጫኑ።',
          fieldsStep('am'),
          `ፎቶ ማስገባት አማራጭ ነው (JPEG፣ PNG ወይም WebP፣ እስከ ${PICTURE_MAX_BYTES / MB} MB)።`,
          '"ይመዝገቡ" የሚለውን ሲጫኑ የማረጋገጫ ኮድ ወደ ኢሜይልዎ ይላካል።',
        ],
      },
      {
        title: '2. ኢሜይልዎን ማረጋገጥ',
        steps: [
          `በኢሜይልዎ የደረሰውን ባለ 6 አሃዝ ኮድ ያስገቡና "አረጋግጥ" ይጫኑ። ኮዱ ለ${OTP_TTL_MINUTES} ደቂቃ ያገለግላል።`,
          'ኮዱ ካልደረሰ ወይም ጊዜው ካለፈ "እንደገና ላክ" ይጫኑ፤ የቀድሞው ኮድ መስራት ያቆማል።',
          'ኮዱን 5 ጊዜ በስህተት ካስገቡ አዲስ ኮድ መጠየቅ አለብዎት።',
        ],
      },
      {
        title: '3. መግባትና መውጣት',
        steps: [
          'በኢሜይልዎና በይለፍ ቃልዎ ይግቡ። ከገቡ በኋላ ዳሽቦርዱ ይከፈታል።',
          'ለደህንነትዎ ክፍለ ጊዜው ከተወሰነ ጊዜ በኋላ ራሱ ይዘጋል፤ እንደገና ይግቡ።',
          'ሲጨርሱ "ውጣ" የሚለውን ይጫኑ፤ በተለይ በጋራ ኮምፒውተር ላይ።',
          `የይለፍ ቃልዎን ከረሱ "የይለፍ ቃል ረሱ?" ይጫኑ፤ ወደ ኢሜይልዎ የሚላከው ሊንክ ለ${RESET_TTL_MINUTES} ደቂቃ አንድ ጊዜ ብቻ ያገለግላል።`,
        ],
      },
      {
        title: '4. ጉዳይ ማቅረብ',
        steps: [
          'ከዳሽቦርዱ "ጉዳይ ያመልክቱ" የሚለውን ይምረጡ።',
          'ዘርፉን፣ ከዚያም የሚፈልጉትን የጉዳይ ዓይነት ይምረጡ። ኮከብ (*) ያለባቸው መስኮች ግዴታ ናቸው።',
          'ከዚህ በፊት ያቀረቡት ተያያዥ ጉዳይ ካለ ከዝርዝሩ ይምረጡ።',
          `ሁሉንም ሰነዶች በአንድ PDF ፋይል አዋህደው ያያይዙ (እስከ ${ATTACHMENT_MAX_BYTES / MB} MB)።`,
          '"አመልክት" ሲጫኑ ያስገቡትን ሁሉ የሚያሳይ የማረጋገጫ ገጽ ይከፈታል፤ ለማስተካከል "ቀይር" ይጠቀሙ፤ ትክክል ከሆነ እንደገና "አመልክት" ይጫኑ።',
          'ጉዳዩ ሲገባ የጉዳይ ቁጥር ይሰጥዎታል (ለምሳሌ HDAB-2019-000123)። ቁጥሩን ይያዙ።',
        ],
      },
      {
        title: '5. ጉዳይዎን መከታተል',
        steps: [
          '"የጉዳይ ሁኔታ" ገጽ ሁሉንም ጉዳዮችዎን ከሁኔታቸው ጋር ያሳያል፦ በመጠባበቅ ላይ፣ በሂደት ላይ፣ ምላሽ ተሰጥቶታል፣ ውድቅ ተደርጓል።',
          'አንድን ጉዳይ ሲከፍቱ መልሶችዎን፣ አባሪዎችን፣ ቀጠሮዎችን እና ምላሹን ያያሉ።',
          'የጉዳይዎ ሁኔታ ሲቀየር በኢሜይል ይነገርዎታል።',
          'ሳይገቡም በመነሻ ገጹ "የጉዳይ ሁኔታ ይመልከቱ" በጉዳይ ቁጥር ሁኔታውን ማየት ይችላሉ፤ የግል መረጃዎ ግን የሚታየው በፋይሉ ላይ ያለውን ስልክ ቁጥር ሲያስገቡ ብቻ ነው።',
        ],
      },
      {
        title: '6. ማተምና መገምገም',
        steps: [
          '"አትም" የሚለው የጉዳዩን PDF ሰነድ ያዘጋጃል፤ ማተም ወይም ማውረድ ይችላሉ።',
          'ጉዳይዎ ምላሽ ሲያገኝ "አገልግሎቱን ይገምግሙ" በመጫን ከ1 እስከ 5 ኮከብ ይስጡ። እያንዳንዱን ጉዳይ አንድ ጊዜ መገምገም ይቻላል።',
        ],
      },
      {
        title: '7. ቅሬታ ማቅረብ',
        steps: ['በመነሻ ገጹ "ቅሬታ ያቅርቡ" ይጫኑ። ርዕስና መግለጫ ግዴታ ናቸው፤ ስምና ስልክ አማራጭ ናቸው።', 'ቅሬታዎ ሲደርስ የመከታተያ ኮድ ይሰጥዎታል።'],
      },
      {
        title: '8. እገዛ',
        steps: ['ብዙ ሙከራዎች ካደረጉ ለ3 ደቂቃ እንዲጠብቁ ይጠየቃሉ።', 'ችግር ካጋጠመዎ በአቅራቢያዎ የሚገኘውን የቢሮውን ቅርንጫፍ ይጎብኙ።'],
      },
    ],
  },
  en: {
    title: 'Customer service portal — user manual',
    intro:
      "This manual shows how to register on the bureau's customer portal, apply for a case, follow it, print it and rate the service. Change the language with the selector at the top of every page.",
    sections: [
      {
        title: '1. Register',
        steps: [
          'On the landing page, choose "Register".',
          fieldsStep('en'),
          `A profile picture is optional (JPEG, PNG or WebP, up to ${PICTURE_MAX_BYTES / MB} MB).`,
          'Choose "Register": a verification code is sent to your email.',
        ],
      },
      {
        title: '2. Verify your email',
        steps: [
          `Enter the 6-digit code from the email and choose "Verify". The code works for ${OTP_TTL_MINUTES} minutes.`,
          'If no code arrived or it expired, choose "Resend"; the previous code stops working.',
          'After 5 wrong entries the code is spent and you need a new one.',
        ],
      },
      {
        title: '3. Log in and out',
        steps: [
          'Log in with your email and password. The dashboard opens.',
          'For your safety the session ends by itself after a while; just log in again.',
          'Choose "Logout" when you are done, especially on a shared computer.',
          `Forgot your password? Choose "Forgot password": the link we email you works once, for ${RESET_TTL_MINUTES} minutes.`,
        ],
      },
      {
        title: '4. Apply for a case',
        steps: [
          'In the dashboard, choose "Apply for a case".',
          'Choose the division, then the case you are requesting. Fields with an asterisk (*) are required.',
          'If the request relates to a case you filed before, choose it in the related case list.',
          `Merge all your documents into one PDF and attach it (up to ${ATTACHMENT_MAX_BYTES / MB} MB).`,
          'Choose "Apply": a confirmation page shows everything you entered. Use "Change" to correct a field, then "Apply" again to submit.',
          'You receive a case number (for example HDAB-2019-000123). Keep it.',
        ],
      },
      {
        title: '5. Follow your case',
        steps: [
          'The "Case status" page lists your cases with their status: pending, processing, responded or rejected.',
          'Open a case to see your answers, attachments, appointments and the response.',
          'You are emailed whenever the status changes.',
          'Without logging in, "Check status" on the landing page shows the status by case number; your personal details appear only when you also enter the phone number on file.',
        ],
      },
      {
        title: '6. Print and rate',
        steps: [
          '"Print" prepares a PDF of the case that you can print or download.',
          'When your case has been answered, choose "Rate service" and give 1 to 5 stars. Each case can be rated once.',
        ],
      },
      {
        title: '7. File a complaint',
        steps: [
          'On the landing page, choose "Make accusation". Subject and description are required; name and phone are optional.',
          'You receive a tracking code when the complaint is received.',
        ],
      },
      {
        title: '8. Help',
        steps: [
          'After too many attempts you are asked to wait 3 minutes.',
          'If something does not work, visit your nearest bureau branch office.',
        ],
      },
    ],
  },
};

/** What the bureau's number understands (issue 51): said only when the portal knows the number (SMS_NUMBER). */
const BY_SMS: Record<'am' | 'en', (n: string) => Section> = {
  am: (n) => ({
    title: '9. በአጭር መልእክት',
    steps: [
      `ከማንኛውም ስልክ የጉዳይ ቁጥርዎን (ለምሳሌ HDAB-2019-000123) ወደ ${n} ይላኩ፤ መልሱ የጉዳዩን ሁኔታ፣ ለተመዘገበው ስልክ ደግሞ ቀጣዩን እርምጃ ይነግራል።`,
      `ቅሬታዎን ለመከታተል የመከታተያ ኮዱን ወደ ${n} ይላኩ።`,
      `ከቢሮው አጭር መልእክት መቀበል ለማቆም STOP (ወይም አቁም) ወደ ${n} ይላኩ፤ በምትኩ ኢሜይል ይደርስዎታል። እንደገና ለመቀበል START (ወይም ጀምር) ይላኩ።`,
    ],
  }),
  en: (n) => ({
    title: '9. By SMS',
    steps: [
      `From any phone, text your case number (for example HDAB-2019-000123) to ${n}: the answer gives its status, and to the phone on file what to do next.`,
      `Text a complaint's tracking code to ${n} to follow it.`,
      `Text STOP to ${n} to receive no more SMS from the bureau (mail comes instead), and START to receive them again.`,
    ],
  }),
};

export const MANUAL_FILE = MANUAL_DOWNLOAD_NAME;

/** The manual; with the number people text the bureau at, a section on what to send it. */
export async function renderManual(smsNumber: string | null = null): Promise<Uint8Array> {
  const w = await PdfWriter.create(
    'Customer manual / የደንበኛ መመሪያ',
    'የቤቶች ልማትና አስተዳደር ቢሮ / Housing Development and Administration Bureau',
  );
  for (const lang of ['am', 'en'] as const) {
    const m = MANUAL[lang];
    w.title(m.title).paragraph(m.intro);
    for (const section of smsNumber ? [...m.sections, BY_SMS[lang](smsNumber)] : m.sections) {
      w.heading(section.title);
      section.steps.forEach((step) => w.paragraph(`• ${step}`));
    }
  }
  return w.save();
}

/** Writes the latest manual where /Media/manual/ serves it (the data folder, or the bucket). */
export async function publishManual(storage: Storage, smsNumber: string | null = null): Promise<void> {
  await storage.store.put(`${MANUAL_FOLDER}${MANUAL_FILE}`, await renderManual(smsNumber));
}
