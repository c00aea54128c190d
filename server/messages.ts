import type { LanCode, Lang, Messages } from '../contract/common.ts';
import { LANGS } from '../contract/common.ts';

/**
 * Every message the server answers with, in the six languages.
 * English and Amharic are written by the team. Oromo (or), Tigrinya (tg), Somali (sm) and
 * Afar (af) are machine-drafted and NOT YET REVIEWED by a native speaker; a missing draft
 * falls back to English, which is what the spec does for Afar.
 * `{name}` placeholders are filled by `message(key, values)`.
 */
type Texts = { en: string; am: string } & Partial<Record<Exclude<Lang, 'en' | 'am'>, string>>;

const catalog = {
  exportReady: {
    en: 'Your data is ready. Download it now: it can be downloaded once, within {hours} hours.',
    am: 'መረጃዎ ተዘጋጅቷል። አሁን ያውርዱት፤ አንድ ጊዜ ብቻ፣ በ{hours} ሰዓታት ውስጥ ሊወርድ ይችላል።',
  },
  exportNotFound: {
    en: 'This download is no longer available: it was downloaded already or its time ran out. Ask for your data again.',
    am: 'ይህ ማውረጃ ከእንግዲህ አይገኝም፤ ቀድሞ ወርዷል ወይም ጊዜው አልፏል። መረጃዎን እንደገና ይጠይቁ።',
  },
  passwordWrong: {
    en: 'The password is not right. Nothing was deleted.',
    am: 'የይለፍ ቃሉ ትክክል አይደለም። ምንም አልተሰረዘም።',
  },
  accountDeleted: {
    en: 'Your account is deleted. A confirmation has been sent to your e-mail address.',
    am: 'መለያዎ ተሰርዟል። ማረጋገጫ ወደ ኢሜይል አድራሻዎ ተልኳል።',
  },
  preferencesSaved: {
    en: 'Your choices are saved: every message from now on follows them.',
    am: 'ምርጫዎችዎ ተቀምጠዋል፤ ከአሁን ጀምሮ ሁሉም መልእክቶች ይከተሏቸዋል።',
  },
  noChannel: {
    en: 'Choose at least one way to be told: e-mail or SMS.',
    am: 'ቢያንስ አንድ የማሳወቂያ መንገድ ይምረጡ፦ ኢሜይል ወይም አጭር መልእክት (SMS)።',
  },
  phoneNotVerified: {
    en: 'Verify your phone number first: SMS go only to a number you have confirmed with a code.',
    am: 'መጀመሪያ ስልክ ቁጥርዎን ያረጋግጡ፤ አጭር መልእክት የሚላከው በኮድ ወዳረጋገጡት ቁጥር ብቻ ነው።',
  },
  phoneNotMobile: {
    en: 'The phone number on your profile cannot receive SMS: it must be an Ethiopian mobile number (09… or 07…).',
    am: 'በመገለጫዎ ላይ ያለው ስልክ ቁጥር አጭር መልእክት መቀበል አይችልም፤ የኢትዮጵያ የሞባይል ቁጥር (09… ወይም 07…) መሆን አለበት።',
  },
  phoneCodeSent: {
    en: 'A code has been sent by SMS to your phone. Enter it here within {minutes} minutes.',
    am: 'ኮድ በአጭር መልእክት ወደ ስልክዎ ተልኳል። በ{minutes} ደቂቃዎች ውስጥ እዚህ ያስገቡት።',
  },
  phoneCodeInvalid: {
    en: 'The code is wrong or has expired. Check it or ask for a new code.',
    am: 'ኮዱ የተሳሳተ ነው ወይም ጊዜው አልፎበታል። ያረጋግጡ ወይም አዲስ ኮድ ይጠይቁ።',
  },
  phoneVerified: {
    en: 'Your phone number is verified. You can now choose SMS.',
    am: 'ስልክ ቁጥርዎ ተረጋግጧል። አሁን አጭር መልእክትን መምረጥ ይችላሉ።',
  },
  validation: {
    en: 'Some information is missing or not valid. Please check the marked fields.',
    am: 'አንዳንድ መረጃዎች ጎድለዋል ወይም ትክክል አይደሉም። እባክዎ የተመለከቱትን መስኮች ያረጋግጡ።',
    or: 'Odeeffannoon tokko tokko hin guutamne ykn sirrii miti. Maaloo dirreewwan mallatteeffaman ilaalaa.',
    tg: 'ገለ ሓበሬታ ጎዲሉ ወይ ቅኑዕ ኣይኮነን። በጃኹም ዝተመልከቱ ቦታታት ኣረጋግጹ።',
    sm: 'Xog qaar ayaa maqan ama aan sax ahayn. Fadlan hubi meelaha la calaamadeeyay.',
    af: 'Tiya xagar maqne hinnay massa hinna. Calaamatime meqe kaxxa ablisa.',
  },
  notFound: {
    en: 'What you asked for was not found.',
    am: 'የጠየቁት አልተገኘም።',
    or: 'Wanti gaafattan hin argamne.',
    tg: 'ዝሓተትኩሞ ኣይተረኽበን።',
    sm: 'Wixii aad codsatay lama helin.',
  },
  caseNotFound: {
    en: "This case isn't available.",
    am: 'ይህ ጉዳይ አይገኝም።',
    or: 'Dhimmi kun hin argamu.',
    tg: 'እዚ ጉዳይ ኣይርከብን።',
    sm: 'Kiiskan lama heli karo.',
  },
  internal: {
    en: 'Something went wrong. Please try again later.',
    am: 'የሆነ ችግር ተፈጥሯል። እባክዎ ቆይተው እንደገና ይሞክሩ።',
    or: 'Rakkoon uumameera. Maaloo booda irra deebiin yaalaa.',
    tg: 'ገለ ጸገም ተፈጢሩ። በጃኹም ደሓር ደጊምኩም ፈትኑ።',
    sm: 'Wax baa khaldamay. Fadlan mar kale isku day goor dambe.',
  },
  unavailable: {
    en: 'The service is briefly unavailable. Please try again in a moment.',
    am: 'አገልግሎቱ ለጊዜው አይገኝም። እባክዎ ትንሽ ቆይተው ይሞክሩ።',
    or: 'Tajaajilli yeroof hin argamu. Maaloo xiqqoo booda yaalaa.',
    tg: 'እቲ ኣገልግሎት ንግዜኡ ኣይርከብን። በጃኹም ቁሩብ ጸኒሕኩም ፈትኑ።',
    sm: 'Adeeggu si kumeel gaar ah uma diyaarsana. Fadlan isku day wax yar kadib.',
  },
  tooManyRequests: {
    en: 'Too many attempts. Please try again later.',
    am: 'በጣም ብዙ ሙከራዎች። እባክዎ ቆይተው እንደገና ይሞክሩ።',
    or: 'Yaaliin baay’ee ta’eera. Maaloo booda irra deebiin yaalaa.',
    tg: 'ብዙሕ ፈተነታት። በጃኹም ደሓር ደጊምኩም ፈትኑ።',
    sm: 'Isku dayo badan. Fadlan mar kale isku day goor dambe.',
  },
  unauthorized: {
    en: 'Your session has ended. Please log in again.',
    am: 'ክፍለ ጊዜዎ አብቅቷል። እባክዎ እንደገና ይግቡ።',
    or: 'Yeroon seensa keessanii xumurameera. Maaloo irra deebiin seenaa.',
    tg: 'ግዜ ምእታውኩም ተወዲኡ። በጃኹም ደጊምኩም እተዉ።',
    sm: 'Fadhigaagii wuu dhammaaday. Fadlan mar kale gal.',
  },
  forbidden: {
    en: 'You may not do this.',
    am: 'ይህን ለማድረግ አልተፈቀደልዎትም።',
    or: 'Kana gochuuf hin eeyyamamne.',
    tg: 'እዚ ንምግባር ኣይተፈቕደልኩምን።',
    sm: 'Laguuma ogola inaad tan samayso.',
  },
  apiKey: {
    en: 'This request is missing its access key. Please reload the page.',
    am: 'ይህ ጥያቄ የመዳረሻ ቁልፍ የለውም። እባክዎ ገጹን እንደገና ይጫኑ።',
    or: 'Gaaffiin kun furtuu seensaa hin qabu. Maaloo fuula irra deebiin banaa.',
    tg: 'እዚ ሕቶ መእተዊ መፍትሕ የብሉን። በጃኹም ነቲ ገጽ ደጊምኩም ጽዓኑ።',
    sm: 'Codsigan wuxuu ka maqan yahay furihiisa gelitaanka. Fadlan dib u soo rar bogga.',
  },
  registered: {
    en: 'Registration received. We have sent a verification code to your email.',
    am: 'ምዝገባዎ ደርሶናል። የማረጋገጫ ኮድ ወደ ኢሜይልዎ ልከናል።',
    or: 'Galmeen keessan nu qaqqabeera. Koodii mirkaneessaa gara imeelii keessaniitti ergineerra.',
    tg: 'ምዝገባኹም በጺሑና። ናይ ምርግጋጽ ኮድ ናብ ኢመይልኩም ሰዲድና።',
    sm: 'Diiwaangelintaada waa la helay. Koodh xaqiijin ah ayaan u dirnay iimaylkaaga.',
  },
  otpVerified: {
    en: 'Your email is verified. You can log in now.',
    am: 'ኢሜይልዎ ተረጋግጧል። አሁን መግባት ይችላሉ።',
    or: 'Imeeliin keessan mirkanaa’eera. Amma seenuu dandeessu.',
    tg: 'ኢመይልኩም ተረጋጊጹ። ሕጂ ክትኣትዉ ትኽእሉ ኢኹም።',
    sm: 'Iimaylkaaga waa la xaqiijiyay. Hadda waad geli kartaa.',
  },
  otpInvalid: {
    en: 'The verification code is wrong or has expired. Check it or request a new code.',
    am: 'የማረጋገጫ ኮዱ የተሳሳተ ነው ወይም ጊዜው አልፎበታል። ያረጋግጡ ወይም አዲስ ኮድ ይጠይቁ።',
    or: 'Koodiin mirkaneessaa dogoggora ykn yeroon isaa darbeera. Ilaalaa ykn koodii haaraa gaafadhaa.',
    tg: 'ናይ ምርግጋጽ ኮድ ጌጋ እዩ ወይ ግዜኡ ሓሊፉ። ኣረጋግጹ ወይ ሓድሽ ኮድ ሕተቱ።',
    sm: 'Koodhka xaqiijinta waa khalad ama wuu dhacay. Hubi ama codso koodh cusub.',
  },
  otpResent: {
    en: 'If this email is waiting for verification, a new code has been sent. The old code no longer works.',
    am: 'ይህ ኢሜይል ማረጋገጫ እየጠበቀ ከሆነ አዲስ ኮድ ተልኳል። የቀድሞው ኮድ ከእንግዲህ አይሰራም።',
    or: 'Imeeliin kun mirkaneessa kan eeggatu yoo ta’e, koodiin haaraan ergameera. Koodiin duraanii hin hojjetu.',
    tg: 'እዚ ኢመይል ምርግጋጽ ዝጽበ እንተኾይኑ ሓድሽ ኮድ ተላኢኹ። እቲ ናይ ቀደም ኮድ ድሕሪ ሕጂ ኣይሰርሕን።',
    sm: 'Haddii iimaylkan sugayo xaqiijin, koodh cusub ayaa la diray. Koodhkii hore shaqeyn maayo.',
  },
  loginSuccess: {
    en: 'You are logged in.',
    am: 'ገብተዋል።',
    or: 'Seentaniittu.',
    tg: 'ኣቲኹም ኣለኹም።',
    sm: 'Waad gashay.',
  },
  loginFailed: {
    en: 'The email or password is incorrect.',
    am: 'ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።',
    or: 'Imeeliin ykn jechi darbii sirrii miti.',
    tg: 'ኢመይል ወይ ቃል ምሕላፍ ቅኑዕ ኣይኮነን።',
    sm: 'Iimaylka ama furaha sirta ah waa khalad.',
  },
  notVerified: {
    en: 'Please verify your email first, with the code we sent you.',
    am: 'እባክዎ መጀመሪያ በላክንልዎ ኮድ ኢሜይልዎን ያረጋግጡ።',
    or: 'Maaloo jalqaba koodii isiniif ergineen imeelii keessan mirkaneessaa.',
    tg: 'በጃኹም ቅድም ብዝለኣኽናልኩም ኮድ ኢመይልኩም ኣረጋግጹ።',
    sm: 'Fadlan marka hore xaqiiji iimaylkaaga adigoo isticmaalaya koodhka aan kuu dirnay.',
  },
  accountInactive: {
    en: 'This account is not active. Please contact the bureau.',
    am: 'ይህ መለያ ንቁ አይደለም። እባክዎ ቢሮውን ያነጋግሩ።',
    or: 'Herregni kun hojii irra hin jiru. Maaloo biiroo qunnamaa.',
    tg: 'እዚ ሕሳብ ንጡፍ ኣይኮነን። በጃኹም ንቤት ጽሕፈት ተወከሱ።',
    sm: 'Akoonkani ma shaqeynayo. Fadlan la xiriir xafiiska.',
  },
  forgotSent: {
    en: 'If an account exists for this email, we have sent a link to reset the password.',
    am: 'በዚህ ኢሜይል መለያ ካለ የይለፍ ቃል መቀየሪያ ሊንክ ልከናል።',
    or: 'Imeeliin kun herrega yoo qabaate, liinkii jecha darbii haaromsuu ergineerra.',
    tg: 'ብዚ ኢመይል ሕሳብ እንተሎ ናይ ቃል ምሕላፍ መቐየሪ ሊንክ ሰዲድና።',
    sm: 'Haddii akoon u diiwaangashan yahay iimaylkan, waxaan u dirnay xiriiriye lagu beddelo furaha sirta ah.',
  },
  resetDone: {
    en: 'Your password has been changed. Please log in with the new password.',
    am: 'የይለፍ ቃልዎ ተቀይሯል። እባክዎ በአዲሱ የይለፍ ቃል ይግቡ።',
    or: 'Jechi darbii keessan jijjiirameera. Maaloo jecha darbii haaraan seenaa.',
    tg: 'ቃል ምሕላፍኩም ተቐይሩ። በጃኹም ብሓድሽ ቃል ምሕላፍ እተዉ።',
    sm: 'Furahaaga sirta ah waa la beddelay. Fadlan ku gal furaha cusub.',
  },
  resetInvalid: {
    en: 'This reset link is not valid or has expired. Please request a new one.',
    am: 'ይህ የመቀየሪያ ሊንክ ትክክል አይደለም ወይም ጊዜው አልፏል። እባክዎ አዲስ ይጠይቁ።',
    or: 'Liinkiin kun sirrii miti ykn yeroon isaa darbeera. Maaloo haaraa gaafadhaa.',
    tg: 'እዚ መቐየሪ ሊንክ ቅኑዕ ኣይኮነን ወይ ግዜኡ ሓሊፉ። በጃኹም ሓድሽ ሕተቱ።',
    sm: 'Xiriiriyahan sax maaha ama wuu dhacay. Fadlan codso mid cusub.',
  },
  loggedOut: {
    en: 'You have been logged out.',
    am: 'ወጥተዋል።',
    or: 'Baataniittu.',
    tg: 'ወጺእኩም ኣለኹም።',
    sm: 'Waad ka baxday.',
  },
  caseCreated: {
    en: 'Your case has been submitted. Case number: {case_number}.',
    am: 'ጉዳይዎ ገብቷል። የጉዳይ ቁጥር፦ {case_number}።',
    or: 'Dhimmi keessan galfameera. Lakkoofsa dhimmaa: {case_number}.',
    tg: 'ጉዳይኩም ኣትዩ። ቁጽሪ ጉዳይ፦ {case_number}።',
    sm: 'Kiiskaaga waa la gudbiyay. Lambarka kiiska: {case_number}.',
  },
  divisionUnavailable: {
    en: 'This division does not accept applications.',
    am: 'ይህ ዘርፍ ማመልከቻ አይቀበልም።',
    or: 'Damee kun iyyannoo hin fudhatu.',
    tg: 'እዚ ዘርፊ ሕቶ ኣይቕበልን።',
    sm: 'Qaybtani ma aqbasho codsiyo.',
  },
  caseListUnavailable: {
    en: 'This case request type is not available.',
    am: 'ይህ የጉዳይ ዓይነት አይገኝም።',
    or: 'Gosti dhimmaa kun hin argamu.',
    tg: 'እዚ ዓይነት ጉዳይ ኣይርከብን።',
    sm: 'Noocan codsiga kiiska lama heli karo.',
  },
  invalidForm: {
    en: 'Some answers are missing or not valid. Please check the questions.',
    am: 'አንዳንድ መልሶች ጎድለዋል ወይም ትክክል አይደሉም። እባክዎ ጥያቄዎቹን ያረጋግጡ።',
    or: 'Deebiiwwan tokko tokko hin jiran ykn sirrii miti. Maaloo gaaffilee ilaalaa.',
    tg: 'ገለ መልስታት ጎዲሎም ወይ ቅኑዓት ኣይኮኑን። በጃኹም ነቶም ሕቶታት ኣረጋግጹ።',
    sm: 'Jawaabo qaar ayaa maqan ama aan sax ahayn. Fadlan hubi su’aalaha.',
  },
  relatedCaseInvalid: {
    en: 'The related case must be one of your own cases.',
    am: 'ተያያዥ ጉዳዩ ከራስዎ ጉዳዮች አንዱ መሆን አለበት።',
    or: 'Dhimmi walqabatu dhimmoota keessan keessaa tokko ta’uu qaba.',
    tg: 'እቲ ተዛማዲ ጉዳይ ካብ ናይ ባዕልኹም ጉዳያት ሓደ ክኸውን ኣለዎ።',
    sm: 'Kiiska la xiriira waa inuu noqdaa mid ka mid ah kiisaskaaga.',
  },
  notPdf: {
    en: 'The attachment must be a PDF file.',
    am: 'አባሪው የPDF ፋይል መሆን አለበት።',
    or: 'Faayiliin maxxanfamu PDF ta’uu qaba.',
    tg: 'እቲ ተተሓሒዙ ዘሎ ፋይል PDF ክኸውን ኣለዎ።',
    sm: 'Lifaaqu waa inuu noqdaa fayl PDF ah.',
  },
  notImage: {
    en: 'The picture must be a JPEG, PNG or WebP image.',
    am: 'ፎቶው JPEG፣ PNG ወይም WebP ምስል መሆን አለበት።',
    or: 'Suuraan JPEG, PNG ykn WebP ta’uu qaba.',
    tg: 'እቲ ስእሊ JPEG፣ PNG ወይ WebP ክኸውን ኣለዎ።',
    sm: 'Sawirku waa inuu noqdaa JPEG, PNG ama WebP.',
  },
  fileTooLarge: {
    en: 'The file is too large. The largest allowed size is {max}.',
    am: 'ፋይሉ በጣም ትልቅ ነው። የሚፈቀደው ከፍተኛ መጠን {max} ነው።',
    or: 'Faayiliin kun baay’ee guddaa dha. Hammi guddaan hayyamame {max}.',
    tg: 'እቲ ፋይል ኣዝዩ ዓቢ እዩ። ዝፍቀድ ዝለዓለ መጠን {max} እዩ።',
    sm: 'Faylku aad buu u weyn yahay. Cabbirka ugu weyn ee la oggol yahay waa {max}.',
  },
  emptyFile: {
    en: 'The file is empty.',
    am: 'ፋይሉ ባዶ ነው።',
    or: 'Faayiliin kun duwwaa dha.',
    tg: 'እቲ ፋይል ባዶ እዩ።',
    sm: 'Faylku waa madhan yahay.',
  },
  notMultipart: {
    en: 'Please send the form with its files (multipart/form-data).',
    am: 'እባክዎ ቅጹን ከፋይሎቹ ጋር ይላኩ (multipart/form-data)።',
  },
  ratingCreated: {
    en: 'Thank you for rating our service.',
    am: 'አገልግሎታችንን ስለገመገሙ እናመሰግናለን።',
    or: 'Tajaajila keenya madaaluu keessaniif galatoomaa.',
    tg: 'ኣገልግሎትና ስለ ዝገምገምኩም የቐንየልና።',
    sm: 'Waad ku mahadsan tahay qiimeynta adeeggayaga.',
  },
  alreadyRated: {
    en: 'You have already rated this case.',
    am: 'ይህን ጉዳይ አስቀድመው ገምግመዋል።',
    or: 'Dhimma kana duraan madaaltaniittu.',
    tg: 'ነዚ ጉዳይ ቅድሚ ሕጂ ገምጊምኩሞ ኣለኹም።',
    sm: 'Horay ayaad u qiimeysay kiiskan.',
  },
  notRatable: {
    en: 'Only a case that has been answered can be rated.',
    am: 'መገምገም የሚቻለው ምላሽ የተሰጠው ጉዳይ ብቻ ነው።',
    or: 'Dhimma deebii argate qofatu madaalamuu danda’a.',
    tg: 'ክግምገም ዝኽእል መልሲ ዝተዋህቦ ጉዳይ ጥራይ እዩ።',
    sm: 'Kiiska la jawaabay oo keliya ayaa la qiimeyn karaa.',
  },
  infoAnswered: {
    en: 'Your answer has been sent. The bureau goes on with your case {case_number}.',
    am: 'መልስዎ ተልኳል። ቢሮው ጉዳይዎን {case_number} መስራቱን ይቀጥላል።',
    or: 'Deebiin keessan ergameera. Biiroon dhimma keessan {case_number} itti fufa.',
    tg: 'መልስኹም ተላኢኹ ኣሎ። ቤት ጽሕፈት ጉዳይኩም {case_number} ምስራሕ ይቕጽል።',
    sm: 'Jawaabkaaga waa la diray. Xafiisku wuu sii wadaa kiiskaaga {case_number}.',
  },
  caseWithdrawn: {
    en: 'Your case {case_number} has been withdrawn.',
    am: 'ጉዳይዎ {case_number} ተቋርጧል።',
    or: 'Dhimmi keessan {case_number} haqameera.',
    tg: 'ጉዳይኩም {case_number} ተሰሪዙ ኣሎ።',
    sm: 'Kiiskaaga {case_number} waa la laabtay.',
  },
  caseAppealed: {
    en: 'Your appeal of case {case_number} has been received. The bureau will decide on it.',
    am: 'የጉዳይ {case_number} ይግባኝዎ ደርሷል። ቢሮው ይወስንበታል።',
    or: 'Iyyannoon dhimma {case_number} keessanii nu ga’eera. Biiroon irratti ni murteessa.',
    tg: 'ይግባይኩም ናይ ጉዳይ {case_number} በጺሑ ኣሎ። ቤት ጽሕፈት ክውስነሉ እዩ።',
    sm: 'Racfaankaaga kiiska {case_number} waa la helay. Xafiisku wuu go’aamin doonaa.',
  },
  stepRefused: {
    en: 'This cannot be done for this case in its present state.',
    am: 'ይህ ጉዳዩ አሁን ባለበት ሁኔታ ሊደረግ አይችልም።',
    or: 'Kun haala dhimmichi amma keessa jiruun hin danda’amu.',
    tg: 'እዚ ጉዳይ ኣብ ዘለዎ ኩነታት እዚ ክግበር ኣይክእልን።',
    sm: 'Tan laguma samayn karo kiiskan xaaladdiisa hadda.',
  },
  appealClosed: {
    en: 'This rejection can no longer be appealed: an appeal is possible once, within {days} days.',
    am: 'ይህ ውሳኔ ከእንግዲህ ይግባኝ ሊባልበት አይችልም፤ ይግባኝ የሚቻለው አንድ ጊዜ፣ በ{days} ቀናት ውስጥ ነው።',
    or: 'Murtii kana irratti amma iyyachuun hin danda’amu: iyyannoon al tokko, guyyoota {days} keessatti qofa danda’ama.',
    tg: 'ኣብዚ ውሳነ ድሕሪ ሕጂ ይግባይ ክበሃል ኣይክእልን፤ ይግባይ ሓደ ግዜ፣ ኣብ ውሽጢ {days} መዓልታት ጥራይ እዩ።',
    sm: 'Go’aankan hadda lama racfaan qaadan karo: racfaan hal mar ayaa la samayn karaa, {days} maalmood gudahood.',
  },
  complaintNotFound: {
    en: 'No complaint has this tracking code. Please check it and try again.',
    am: 'በዚህ መከታተያ ኮድ የተመዘገበ ቅሬታ የለም። እባክዎ ኮዱን አረጋግጠው እንደገና ይሞክሩ።',
    or: 'Koodii hordoffii kanaan komiin galmeeffame hin jiru. Maaloo koodii mirkaneeffadhaatii irra deebi’aa yaalaa.',
    tg: 'ብዚ መከታተሊ ኮድ ዝተመዝገበ ጥርዓን የለን። በጃኹም ኮድ ኣረጋጊጽኩም ደጊምኩም ፈትኑ።',
    sm: 'Ma jiro cabasho leh koodhkan raadraaca. Fadlan hubi oo mar kale isku day.',
  },
  sessionRenewed: {
    en: 'You are still signed in.',
    am: 'አሁንም ገብተው ይገኛሉ።',
    or: 'Ammallee seenanii jirtu.',
    tg: 'ሕጂ ውን ኣቲኹም ኣለኹም።',
    sm: 'Weli waad gudaha ku jirtaa.',
  },
  accusationCreated: {
    en: 'Your complaint has been received. Keep this tracking code: {tracking_code}.',
    am: 'ቅሬታዎ ደርሶናል። ይህን የመከታተያ ኮድ ይያዙ፦ {tracking_code}።',
    or: 'Komiin keessan nu qaqqabeera. Koodii hordoffii kana qabadhaa: {tracking_code}.',
    tg: 'ቅሬታኹም በጺሑና። ነዚ መከታተሊ ኮድ ሓዙ፦ {tracking_code}።',
    sm: 'Cabashadaada waa la helay. Hayso koodhkan raadraaca: {tracking_code}.',
  },
  staffLoggedOut: {
    en: 'Logged out.',
    am: 'ወጥተዋል።',
    or: 'Baataniittu.',
    tg: 'ወጺእኩም።',
    sm: 'Waad ka baxday.',
  },
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof catalog;

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The answer body `{ Message_en, ..., Message_af }` of a catalog entry. */
export function message(key: MessageKey, values: Record<string, string | number> = {}): Messages {
  const texts: Texts = catalog[key];
  const out = {} as Record<string, string>;
  for (const lang of LANGS) out[`Message_${lang}`] = fill(texts[lang] ?? texts.en, values);
  return out as Messages;
}

/** One language's text of a catalog entry (mail bodies, PDFs). */
export function text(key: MessageKey, lang: Lang, values: Record<string, string | number> = {}): string {
  const texts: Texts = catalog[key];
  return fill(texts[lang] ?? texts.en, values);
}

/** `Am` -> `am`. */
export function langOf(code: LanCode | string): Lang {
  const lower = code.toLowerCase();
  return (LANGS as readonly string[]).includes(lower) ? (lower as Lang) : 'am';
}
