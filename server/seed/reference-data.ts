/**
 * Reference data of the bureau, in the six languages of the portal.
 *
 * Translation status: English (en) and Amharic (am) are written by the team and reviewed.
 * Oromo (or), Tigrinya (tg), Somali (sm) and Afar (af) are MACHINE-DRAFTED and NOT YET
 * REVIEWED by native speakers; they are here so that every language shows a text rather
 * than a blank, and must be reviewed before production.
 */
export interface T {
  en: string;
  am: string;
  or: string;
  tg: string;
  sm: string;
  af: string;
}
const t = (en: string, am: string, or: string, tg: string, sm: string, af: string): T => ({ en, am, or, tg, sm, af });

export interface SeedQuestion {
  name: T;
  inputType: 'normal_input' | 'text_area' | 'select';
  dataType: 'string' | 'number';
  isRequired: 'yes' | 'no';
  values?: T[];
}
export interface SeedCaseList {
  name: T;
  status: 'active' | 'inactive';
  timeLimitDays: number;
  questions: SeedQuestion[];
}
export interface SeedDivision {
  key: string;
  status: 'active' | 'inactive';
  special: 'yes' | 'no';
  name: T;
  description: T;
  directorates: { name: T; status: 'active' | 'inactive' }[];
  teams: T[];
  caseLists: SeedCaseList[];
}

const q = (
  name: T,
  inputType: SeedQuestion['inputType'],
  dataType: SeedQuestion['dataType'],
  isRequired: 'yes' | 'no',
  values?: T[],
): SeedQuestion => ({
  name,
  inputType,
  dataType,
  isRequired,
  ...(values ? { values } : {}),
});

const DETAILS = t(
  'Additional details',
  'ተጨማሪ ማብራሪያ',
  'Ibsa dabalataa',
  'ተወሳኺ መግለጺ',
  'Faahfaahin dheeraad ah',
  'Tamaasa baxxaqqa',
);
const HOUSE_NO = t('House number', 'የቤት ቁጥር', 'Lakkoofsa manaa', 'ቁጽሪ ገዛ', 'Lambarka guriga', 'Buxa lakkoofa');
const BLOCK_NO = t(
  'Block number',
  'የብሎክ ቁጥር',
  'Lakkoofsa bilookii',
  'ቁጽሪ ብሎክ',
  'Lambarka baloogga',
  'Bilookih lakkoofa',
);

export const DIVISIONS: SeedDivision[] = [
  {
    key: 'condominium',
    status: 'active',
    special: 'no',
    name: t(
      'Condominium Housing Transfer and Administration',
      'የጋራ መኖሪያ ቤቶች ማስተላለፍና አስተዳደር',
      'Dabarsaa fi Bulchiinsa Manneen Jireenyaa Waloo',
      'ምስግጋርን ምምሕዳርን ናይ ሓባር መንበሪ ገዛውቲ',
      'Wareejinta iyo Maamulka Guryaha Wadaagga ah',
      'Qembeynaa Buxa Cabsiisaa kee Mamulaa',
    ),
    description: t(
      'Transfers completed condominium houses to winners of the lottery, corrects registrations and handles sale, gift and inheritance of condominium units.',
      'የተጠናቀቁ የጋራ መኖሪያ ቤቶችን ለዕጣ አሸናፊዎች ያስተላልፋል፣ የምዝገባ ስህተቶችን ያርማል፣ የቤቶችን ሽያጭ፣ ስጦታና ውርስ ያስተናግዳል።',
      'Manneen waloo xumuraman mo’attoota carraa dabarsa, galmee sirreessa, gurgurtaa, kennaa fi dhaalaa ni raawwata.',
      'ዝተዛዘሙ ናይ ሓባር መንበሪ ገዛውቲ ንዓወትቲ ዕጫ የመሓላልፍ፣ ጌጋታት ምዝገባ የእርም፣ መሸጣ፣ ህያብን ውርሻን የሳልጥ።',
      'Wuxuu guryaha wadaagga ah ee dhammaystiran u wareejiyaa ku guuleystayaasha bakhtiyaanasiibka, wuxuu saxaa diiwaangelinta, wuxuuna maareeyaa iibka, hadiyadda iyo dhaxalka.',
      'Gaba geytime buxa saamaytah yan marah qembeysa, galmoh makoh massossa.',
    ),
    directorates: [
      {
        status: 'active',
        name: t(
          'Condominium Transfer Directorate',
          'የጋራ መኖሪያ ቤቶች ማስተላለፍ ዳይሬክቶሬት',
          'Daayirektoreetii Dabarsa Manneen Waloo',
          'ዳይሬክቶሬት ምስግጋር ናይ ሓባር ገዛውቲ',
          'Agaasinka Wareejinta Guryaha Wadaagga',
          'Buxa Qembeynah Daayirektoreet',
        ),
      },
      {
        status: 'active',
        name: t(
          'Winner Registration and Data Directorate',
          'የዕጣ አሸናፊዎች ምዝገባና መረጃ ዳይሬክቶሬት',
          'Daayirektoreetii Galmee fi Ragaa Mo’attootaa',
          'ዳይሬክቶሬት ምዝገባን ሓበሬታን ዓወትቲ',
          'Agaasinka Diiwaangelinta iyo Xogta Guuleystayaasha',
          'Galmoo kee Xagar Daayirektoreet',
        ),
      },
      {
        status: 'inactive',
        name: t(
          'Condominium Sales Directorate (merged)',
          'የጋራ መኖሪያ ቤቶች ሽያጭ ዳይሬክቶሬት (ተዋህዷል)',
          'Daayirektoreetii Gurgurtaa (walitti makame)',
          'ዳይሬክቶሬት መሸጣ (ተጸንቢሩ)',
          'Agaasinka Iibka (la midoobay)',
          'Xiiqa Daayirektoreet (makantem)',
        ),
      },
    ],
    teams: [
      t(
        'Transfer processing team',
        'የማስተላለፍ ሂደት ቡድን',
        'Garee adeemsa dabarsaa',
        'ጉጅለ መስርሕ ምስግጋር',
        'Kooxda habraaca wareejinta',
        'Qembeynah gaba',
      ),
      t(
        'Registration correction team',
        'የምዝገባ ማስተካከያ ቡድን',
        'Garee sirreeffama galmee',
        'ጉጅለ ምእራም ምዝገባ',
        'Kooxda saxitaanka diiwaangelinta',
        'Galmoh massoysa gaba',
      ),
    ],
    caseLists: [
      {
        status: 'active',
        timeLimitDays: 15,
        name: t(
          'Condominium ownership transfer (sale, gift or inheritance)',
          'የጋራ መኖሪያ ቤት ባለቤትነት ማስተላለፍ (ሽያጭ፣ ስጦታ ወይም ውርስ)',
          'Abbummaa mana waloo dabarsuu (gurgurtaa, kennaa ykn dhaala)',
          'ምስግጋር ዋንነት ናይ ሓባር ገዛ (መሸጣ፣ ህያብ ወይ ውርሻ)',
          'Wareejinta lahaanshaha guriga wadaagga (iib, hadiyad ama dhaxal)',
          'Buxa abbiinoh qembeyna (xiiqa, hadiyya hinnay dhaala)',
        ),
        questions: [
          q(BLOCK_NO, 'normal_input', 'string', 'yes'),
          q(HOUSE_NO, 'normal_input', 'string', 'yes'),
          q(t('Floor', 'ወለል', 'Darbii', 'ደርቢ', 'Dabaqa', 'Darbi'), 'normal_input', 'number', 'yes'),
          q(
            t(
              'Type of transfer',
              'የማስተላለፍ ዓይነት',
              'Gosa dabarsaa',
              'ዓይነት ምስግጋር',
              'Nooca wareejinta',
              'Qembeynah gabbaaqa',
            ),
            'select',
            'string',
            'yes',
            [
              t('Sale', 'ሽያጭ', 'Gurgurtaa', 'መሸጣ', 'Iib', 'Xiiqa'),
              t('Gift', 'ስጦታ', 'Kennaa', 'ህያብ', 'Hadiyad', 'Hadiyya'),
              t('Inheritance', 'ውርስ', 'Dhaala', 'ውርሻ', 'Dhaxal', 'Dhaala'),
            ],
          ),
          q(
            t(
              'Full name of the new owner',
              'የአዲሱ ባለቤት ሙሉ ስም',
              'Maqaa guutuu abbaa haaraa',
              'ምሉእ ስም ሓድሽ ዋና',
              'Magaca buuxa ee milkiilaha cusub',
              'Qusba abbaa migaq',
            ),
            'normal_input',
            'string',
            'yes',
          ),
          q(DETAILS, 'text_area', 'string', 'no'),
        ],
      },
      {
        status: 'active',
        timeLimitDays: 10,
        name: t(
          'Correction of lottery winner registration',
          'የዕጣ አሸናፊ ምዝገባ ማስተካከያ',
          'Sirreeffama galmee mo’ataa carraa',
          'ምእራም ምዝገባ ዓዋቲ ዕጫ',
          'Saxitaanka diiwaangelinta guuleystaha',
          'Saamaytah galmoh massoysa',
        ),
        questions: [
          q(
            t(
              'Registration number',
              'የምዝገባ ቁጥር',
              'Lakkoofsa galmee',
              'ቁጽሪ ምዝገባ',
              'Lambarka diiwaangelinta',
              'Galmoh lakkoofa',
            ),
            'normal_input',
            'string',
            'yes',
          ),
          q(
            t(
              'What needs correcting',
              'የሚስተካከለው',
              'Wanta sirreeffamu',
              'ዝእረም',
              'Waxa u baahan saxitaan',
              'Massoysam faxximta',
            ),
            'select',
            'string',
            'yes',
            [
              t('Name', 'ስም', 'Maqaa', 'ስም', 'Magaca', 'Migaq'),
              t('Phone number', 'ስልክ ቁጥር', 'Lakkoofsa bilbilaa', 'ቁጽሪ ስልኪ', 'Lambarka taleefanka', 'Silkih lakkoofa'),
              t(
                'Site or block',
                'ሳይት ወይም ብሎክ',
                'Iddoo ykn bilookii',
                'ሳይት ወይ ብሎክ',
                'Goobta ama baloogga',
                'Gabbaaqa hinnay bilook',
              ),
              t('Other', 'ሌላ', 'Kan biraa', 'ካልእ', 'Kale', 'Tiya'),
            ],
          ),
          q(
            t(
              'Explain the correction',
              'ማስተካከያውን ያብራሩ',
              'Sirreeffama ibsaa',
              'ነቲ ምእራም ግለጹ',
              'Sharax saxitaanka',
              'Massoysa baxxaqqa',
            ),
            'text_area',
            'string',
            'yes',
          ),
        ],
      },
    ],
  },
  {
    key: 'rental',
    status: 'active',
    special: 'no',
    name: t(
      'Government Rental Housing Administration',
      'የመንግሥት ኪራይ ቤቶች አስተዳደር',
      'Bulchiinsa Manneen Kiraa Mootummaa',
      'ምምሕዳር ናይ መንግስቲ ገዛውቲ ክራይ',
      'Maamulka Guryaha Kirada Dowladda',
      'Dowlah Kiraa Buxa Mamulaa',
    ),
    description: t(
      'Administers government-owned rental houses: contracts, renewals, rent payments and maintenance requests of tenants.',
      'በመንግሥት ባለቤትነት የተያዙ የኪራይ ቤቶችን ያስተዳድራል፦ ውል፣ የውል እድሳት፣ የኪራይ ክፍያና የተከራዮች የጥገና ጥያቄዎች።',
      'Manneen kiraa mootummaa bulcha: waliigaltee, haaromsa, kaffaltii kiraa fi gaaffii suphaa.',
      'ናይ መንግስቲ ገዛውቲ ክራይ የመሓድር፦ ውዕል፣ ምሕዳስ፣ ክፍሊት ክራይን ሕቶ ጽገናን።',
      'Wuxuu maamulaa guryaha kirada ee dowladda: heshiisyada, cusboonaysiinta, lacag bixinta kirada iyo codsiyada dayactirka.',
      'Dowlah kiraa buxa mamula: xagana, haaroysa kee kiraa kaffaltii.',
    ),
    directorates: [
      {
        status: 'active',
        name: t(
          'Rental Contracts Directorate',
          'የኪራይ ውል ዳይሬክቶሬት',
          'Daayirektoreetii Waliigaltee Kiraa',
          'ዳይሬክቶሬት ውዕል ክራይ',
          'Agaasinka Heshiisyada Kirada',
          'Kiraa Xagana Daayirektoreet',
        ),
      },
      {
        status: 'active',
        name: t(
          'Rental Housing Maintenance Directorate',
          'የኪራይ ቤቶች ጥገና ዳይሬክቶሬት',
          'Daayirektoreetii Suphaa Manneen Kiraa',
          'ዳይሬክቶሬት ጽገና ገዛውቲ ክራይ',
          'Agaasinka Dayactirka Guryaha Kirada',
          'Kiraa Buxa Massoysa Daayirektoreet',
        ),
      },
    ],
    teams: [
      t(
        'Contract renewal team',
        'የውል እድሳት ቡድን',
        'Garee haaromsa waliigaltee',
        'ጉጅለ ምሕዳስ ውዕል',
        'Kooxda cusboonaysiinta heshiiska',
        'Xagana haaroysa gaba',
      ),
    ],
    caseLists: [
      {
        status: 'active',
        timeLimitDays: 20,
        name: t(
          'Rental contract renewal',
          'የኪራይ ውል እድሳት',
          'Haaromsa waliigaltee kiraa',
          'ምሕዳስ ውዕል ክራይ',
          'Cusboonaysiinta heshiiska kirada',
          'Kiraa xagana haaroysa',
        ),
        questions: [
          q(
            t(
              'Contract number',
              'የውል ቁጥር',
              'Lakkoofsa waliigaltee',
              'ቁጽሪ ውዕል',
              'Lambarka heshiiska',
              'Xagana lakkoofa',
            ),
            'normal_input',
            'string',
            'yes',
          ),
          q(
            t(
              'Number of household members',
              'የቤተሰብ አባላት ብዛት',
              'Baay’ina miseensota maatii',
              'ብዝሒ ኣባላት ስድራ',
              'Tirada xubnaha qoyska',
              'Buxah marih mangoo',
            ),
            'normal_input',
            'number',
            'yes',
          ),
          q(
            t(
              'Monthly household income (birr)',
              'የቤተሰብ ወርሃዊ ገቢ (ብር)',
              'Galii maatii ji’aa (birrii)',
              'ወርሓዊ እቶት ስድራ (ብር)',
              'Dakhliga bishii ee qoyska (birr)',
              'Alsah galii (birr)',
            ),
            'normal_input',
            'number',
            'no',
          ),
          q(DETAILS, 'text_area', 'string', 'no'),
        ],
      },
      {
        status: 'active',
        timeLimitDays: 7,
        name: t(
          'Rental house maintenance request',
          'የኪራይ ቤት ጥገና ጥያቄ',
          'Gaaffii suphaa mana kiraa',
          'ሕቶ ጽገና ገዛ ክራይ',
          'Codsiga dayactirka guriga kirada',
          'Kiraa buxa massoysa esserot',
        ),
        questions: [
          q(HOUSE_NO, 'normal_input', 'string', 'yes'),
          q(
            t('Kind of problem', 'የችግሩ ዓይነት', 'Gosa rakkoo', 'ዓይነት ጸገም', 'Nooca dhibaatada', 'Rakkoh gabbaaqa'),
            'select',
            'string',
            'yes',
            [
              t('Roof leak', 'የጣሪያ ማፍሰስ', 'Dhangala’a bantii', 'ምንጣብ ናሕሲ', 'Saqafka oo daadinaya', 'Ciggiilih daadisa'),
              t('Water supply', 'የውሃ አቅርቦት', 'Dhiyeessii bishaanii', 'ኣቕርቦት ማይ', 'Biyo la’aan', 'Lee kaffaltii'),
              t('Electricity', 'ኤሌክትሪክ', 'Ibsaa', 'ኤሌክትሪክ', 'Koronto', 'Kahrabaa'),
              t('Sewerage', 'ፍሳሽ', 'Dhangala’aa', 'ፍሳስ', 'Bulaacad', 'Daadis'),
              t('Other', 'ሌላ', 'Kan biraa', 'ካልእ', 'Kale', 'Tiya'),
            ],
          ),
          q(
            t(
              'Describe the problem',
              'ችግሩን ይግለጹ',
              'Rakkoo ibsaa',
              'ነቲ ጸገም ግለጹ',
              'Sharax dhibaatada',
              'Rakkoo baxxaqqa',
            ),
            'text_area',
            'string',
            'yes',
          ),
        ],
      },
    ],
  },
  {
    key: 'cooperatives',
    status: 'active',
    special: 'no',
    name: t(
      'Housing Cooperatives and Self-Help Construction',
      'የቤት ሥራ ማህበራትና በራስ አቅም ግንባታ',
      'Waldaalee Ijaarsa Manaa fi Ijaarsa Of-danda’uu',
      'ማሕበራት ስራሕ ገዛን ብዓቕሚ ርእሲ ህንጻን',
      'Iskaashatooyinka Guryaha iyo Dhismaha Is-caawinta',
      'Buxa Sinaamah Gaba kee Isi Dudal Ijaarsa',
    ),
    description: t(
      'Registers housing cooperatives of citizens, allocates plots and follows the houses they build with their own means and by volunteering.',
      'የዜጎችን የቤት ሥራ ማህበራት ይመዘግባል፣ ቦታ ያስተላልፋል፣ በራሳቸው አቅምና በበጎ ፈቃድ የሚገነቡ ቤቶችን ይከታተላል።',
      'Waldaalee ijaarsa manaa lammiilee galmeessa, lafa qooda, manneen of danda’anii ijaaran hordofa.',
      'ማሕበራት ስራሕ ገዛ ዜጋታት ይምዝግብ፣ ቦታ ይህብ፣ ብዓቕሚ ርእሶምን ብወለንታን ዝህነጹ ገዛውቲ ይከታተል።',
      'Wuxuu diiwaangeliyaa iskaashatooyinka guryaha ee muwaadiniinta, wuxuu qoondeeyaa dhulka, wuxuuna la socdaa guryaha ay iskood u dhisaan.',
      'Sinaamah buxa gaba galmeysa, baaxo yaceeh isi dudal ijaarsa kataysa.',
    ),
    directorates: [
      {
        status: 'active',
        name: t(
          'Cooperative Registration Directorate',
          'የማህበራት ምዝገባ ዳይሬክቶሬት',
          'Daayirektoreetii Galmee Waldaalee',
          'ዳይሬክቶሬት ምዝገባ ማሕበራት',
          'Agaasinka Diiwaangelinta Iskaashatooyinka',
          'Gaba Galmoh Daayirektoreet',
        ),
      },
      {
        status: 'active',
        name: t(
          'Volunteer Construction Directorate',
          'የበጎ ፈቃድ ግንባታ ዳይሬክቶሬት',
          'Daayirektoreetii Ijaarsa Tola Ooltummaa',
          'ዳይሬክቶሬት ወለንታዊ ህንጻ',
          'Agaasinka Dhismaha Tabarucaadka',
          'Fayya Ijaarsa Daayirektoreet',
        ),
      },
    ],
    teams: [
      t(
        'Cooperative follow-up team',
        'የማህበራት ክትትል ቡድን',
        'Garee hordoffii waldaalee',
        'ጉጅለ ክትትል ማሕበራት',
        'Kooxda la socodka iskaashatooyinka',
        'Gaba kataysa',
      ),
    ],
    caseLists: [
      {
        status: 'active',
        timeLimitDays: 30,
        name: t(
          'Housing cooperative registration',
          'የቤት ሥራ ማህበር ምዝገባ',
          'Galmee waldaa ijaarsa manaa',
          'ምዝገባ ማሕበር ስራሕ ገዛ',
          'Diiwaangelinta iskaashatada guryaha',
          'Buxa sinaamah galmoo',
        ),
        questions: [
          q(
            t(
              'Name of the cooperative',
              'የማህበሩ ስም',
              'Maqaa waldaa',
              'ስም ማሕበር',
              'Magaca iskaashatada',
              'Sinaamah migaq',
            ),
            'normal_input',
            'string',
            'yes',
          ),
          q(
            t('Number of members', 'የአባላት ብዛት', 'Baay’ina miseensotaa', 'ብዝሒ ኣባላት', 'Tirada xubnaha', 'Marih baxxa'),
            'normal_input',
            'number',
            'yes',
          ),
          q(
            t(
              'Planned number of floors',
              'የታቀደው የወለል ብዛት',
              'Baay’ina darbii karoorfame',
              'ዝተሓሰበ ብዝሒ ደርቢ',
              'Tirada dabaqyada la qorsheeyay',
              'Darbih baxxa',
            ),
            'normal_input',
            'number',
            'no',
          ),
          q(
            t(
              'Summary of the plan',
              'የዕቅዱ ማጠቃለያ',
              'Cuunfaa karoora',
              'ጽማቝ መደብ',
              'Soo koobida qorshaha',
              'Karoorah koobaa',
            ),
            'text_area',
            'string',
            'no',
          ),
        ],
      },
    ],
  },
  {
    key: 'title-deed',
    status: 'active',
    special: 'no',
    name: t(
      'Title Deed and Ownership Certification',
      'የይዞታ ማረጋገጫና ባለቤትነት ሰነድ',
      'Ragaa Qabiyyee fi Abbummaa',
      'ሰነድ ዋንነትን ምርግጋጽ ትሕዝቶን',
      'Sharciga Lahaanshaha iyo Caddaynta',
      'Abbiinoh Waraqa',
    ),
    description: t(
      'Issues and renews title deeds (maps) of houses, registers changes of ownership and certifies possession.',
      'የቤቶችን የይዞታ ማረጋገጫ ካርታ ያዘጋጃል፣ ያድሳል፣ የባለቤትነት ለውጦችን ይመዘግባል፣ ይዞታን ያረጋግጣል።',
      'Kaartaa qabiyyee manaa ni kenna, ni haaromsa, jijjiirama abbummaa galmeessa.',
      'ካርታ ትሕዝቶ ገዛ ይህብ፣ የሐድስ፣ ለውጢ ዋንነት ይምዝግብ።',
      'Wuxuu bixiyaa oo cusboonaysiiyaa khariidadaha lahaanshaha guryaha, wuxuuna diiwaangeliyaa isbeddelka lahaanshaha.',
      'Buxah kaarta yaceh haaroysa, abbiinoh makoh galmeysa.',
    ),
    directorates: [
      {
        status: 'active',
        name: t(
          'Title Deed Directorate',
          'የይዞታ ማረጋገጫ ዳይሬክቶሬት',
          'Daayirektoreetii Ragaa Qabiyyee',
          'ዳይሬክቶሬት ምርግጋጽ ትሕዝቶ',
          'Agaasinka Sharciga Lahaanshaha',
          'Kaarta Daayirektoreet',
        ),
      },
    ],
    teams: [
      t(
        'Map issuance team',
        'የካርታ ዝግጅት ቡድን',
        'Garee qophii kaartaa',
        'ጉጅለ ምድላው ካርታ',
        'Kooxda bixinta khariidadda',
        'Kaarta gaba',
      ),
    ],
    caseLists: [
      {
        status: 'active',
        timeLimitDays: 30,
        name: t(
          'Title deed (map) issuance',
          'የይዞታ ማረጋገጫ ካርታ ማውጣት',
          'Kaartaa qabiyyee baasuu',
          'ምውጻእ ካርታ ትሕዝቶ',
          'Bixinta khariidadda lahaanshaha',
          'Kaarta yaceenimo',
        ),
        questions: [
          q(
            t('Plot number', 'የቦታ ቁጥር', 'Lakkoofsa lafaa', 'ቁጽሪ ቦታ', 'Lambarka dhulka', 'Baaxoh lakkoofa'),
            'normal_input',
            'string',
            'yes',
          ),
          q(
            t(
              'Plot area (square metres)',
              'የቦታ ስፋት (ካሬ ሜትር)',
              'Bal’ina lafaa (meetira kaaree)',
              'ስፍሓት ቦታ (ትርብዒት ሜትሮ)',
              'Baaxadda dhulka (mitir murabac)',
              'Baaxoh baaxa (kaaree meetir)',
            ),
            'normal_input',
            'number',
            'yes',
          ),
          q(
            t(
              'How the plot was acquired',
              'ቦታው የተገኘበት መንገድ',
              'Akkaataa lafti itti argame',
              'ቦታ ዝተረኽበሉ መገዲ',
              'Sida dhulka lagu helay',
              'Baaxo gexxe gita',
            ),
            'select',
            'string',
            'yes',
            [
              t('Lease', 'ሊዝ', 'Liizii', 'ሊዝ', 'Kiro dheer (lease)', 'Liiz'),
              t('Old possession', 'ነባር ይዞታ', 'Qabiyyee durii', 'ናይ ቀደም ትሕዝቶ', 'Lahaansho hore', 'Kaxxa abbiinoh'),
              t('Condominium', 'የጋራ መኖሪያ ቤት', 'Mana waloo', 'ናይ ሓባር ገዛ', 'Guri wadaag ah', 'Buxa saamaytah'),
            ],
          ),
        ],
      },
      {
        status: 'inactive',
        timeLimitDays: 30,
        name: t(
          'Title deed name change (suspended)',
          'የካርታ ስም ዝውውር (ታግዷል)',
          'Jijjiirama maqaa kaartaa (dhaabbate)',
          'ምቕያር ስም ካርታ (ተኣጊዱ)',
          'Beddelka magaca khariidadda (la hakiyay)',
          'Kaartah migaq makoh (sooliime)',
        ),
        questions: [
          q(
            t('Plot number', 'የቦታ ቁጥር', 'Lakkoofsa lafaa', 'ቁጽሪ ቦታ', 'Lambarka dhulka', 'Baaxoh lakkoofa'),
            'normal_input',
            'string',
            'yes',
          ),
        ],
      },
    ],
  },
  {
    key: 'ethics',
    status: 'active',
    special: 'yes',
    name: t(
      'Complaint Handling and Ethics',
      'ቅሬታ አቀባበልና ሥነ ምግባር',
      'Keessummeessa Komii fi Naamusa',
      'ምቕባል ቅሬታን ስነ ምግባርን',
      'Maareynta Cabashooyinka iyo Anshaxa',
      'Kumah Ekraa kee Naamusa',
    ),
    description: t(
      'Receives complaints and reports of misconduct from the public and follows them up independently. Complaints are filed through the accusation form.',
      'ከሕዝብ የሚቀርቡ ቅሬታዎችንና የሥነ ምግባር ጥሰት ጥቆማዎችን ተቀብሎ ራሱን ችሎ ይከታተላል። ቅሬታዎች በቅሬታ ማቅረቢያ ቅጹ ይቀርባሉ።',
      'Komii fi gabaasa naamusa malee uummata irraa fudhata, of danda’ee hordofa.',
      'ካብ ህዝቢ ዝቐርቡ ቅሬታታትን ጥቆማታት ጥሕሰት ስነ ምግባርን ተቐቢሉ ብናጻ ይከታተል።',
      'Wuxuu ka helaa dadweynaha cabashooyinka iyo warbixinnada anshax-xumada, wuxuuna si madax-bannaan ula socdaa.',
      'Ummatak yamaate ekraa kee naamusah daggal kumah kataysa.',
    ),
    directorates: [
      {
        status: 'active',
        name: t(
          'Ethics and Anti-Corruption Directorate',
          'የሥነ ምግባርና የፀረ ሙስና ዳይሬክቶሬት',
          'Daayirektoreetii Naamusaa fi Farra Malaammaltummaa',
          'ዳይሬክቶሬት ስነ ምግባርን ጸረ ግዕዝይናን',
          'Agaasinka Anshaxa iyo La-dagaallanka Musuqmaasuqa',
          'Naamusa Daayirektoreet',
        ),
      },
    ],
    teams: [
      t(
        'Complaint investigation team',
        'የቅሬታ ምርመራ ቡድን',
        'Garee qorannoo komii',
        'ጉጅለ መርመራ ቅሬታ',
        'Kooxda baaritaanka cabashooyinka',
        'Ekraa baxxaqqa gaba',
      ),
    ],
    caseLists: [
      {
        status: 'active',
        timeLimitDays: 15,
        name: t(
          'Follow-up of an ethics complaint',
          'የሥነ ምግባር ቅሬታ ክትትል',
          'Hordoffii komii naamusaa',
          'ክትትል ቅሬታ ስነ ምግባር',
          'La socodka cabashada anshaxa',
          'Naamusa ekraa kataysa',
        ),
        questions: [
          q(
            t(
              'Tracking code of the complaint',
              'የቅሬታው መከታተያ ኮድ',
              'Koodii hordoffii komii',
              'መከታተሊ ኮድ ቅሬታ',
              'Koodhka raadraaca cabashada',
              'Ekraa kataysa koodi',
            ),
            'normal_input',
            'string',
            'yes',
          ),
        ],
      },
    ],
  },
  {
    key: 'real-estate',
    status: 'inactive',
    special: 'no',
    name: t(
      'Real Estate Developers Licensing (moved)',
      'የሪል እስቴት አልሚዎች ፈቃድ (ተዛውሯል)',
      'Hayyama Misoomsitoota Qabeenya Dhaabbataa (jijjiirame)',
      'ፍቓድ ሰራሕተኛታት ሪል ስቴት (ተቐይሩ)',
      'Shatiga Horumariyeyaasha Hantida Ma-guurtada (la raray)',
      'Real estate fayya (guuraan)',
    ),
    description: t(
      'This service has moved to the Construction Bureau and is no longer offered here.',
      'ይህ አገልግሎት ወደ ኮንስትራክሽን ቢሮ ተዛውሯል፤ እዚህ አይሰጥም።',
      'Tajaajilli kun gara Biiroo Ijaarsaatti jijjiirameera; as hin kennamu.',
      'እዚ ኣገልግሎት ናብ ቤት ጽሕፈት ህንጻ ተቐይሩ፤ ኣብዚ ኣይወሃብን።',
      'Adeeggan wuxuu u guuray Xafiiska Dhismaha; halkan lagama bixiyo.',
      'Tah taama Ijaarsa Biirot guurteh, ahal maleela.',
    ),
    directorates: [
      {
        status: 'inactive',
        name: t(
          'Developers Licensing Directorate',
          'የአልሚዎች ፈቃድ ዳይሬክቶሬት',
          'Daayirektoreetii Hayyama Misoomsitootaa',
          'ዳይሬክቶሬት ፍቓድ ኣልምቲ',
          'Agaasinka Shatiga Horumariyeyaasha',
          'Fayya Daayirektoreet',
        ),
      },
    ],
    teams: [],
    caseLists: [
      {
        status: 'active',
        timeLimitDays: 30,
        name: t(
          'Developer licence renewal',
          'የአልሚ ፈቃድ እድሳት',
          'Haaromsa hayyama misoomsitootaa',
          'ምሕዳስ ፍቓድ ኣልሚ',
          'Cusboonaysiinta shatiga horumariyaha',
          'Fayya haaroysa',
        ),
        questions: [
          q(
            t('Licence number', 'የፈቃድ ቁጥር', 'Lakkoofsa hayyamaa', 'ቁጽሪ ፍቓድ', 'Lambarka shatiga', 'Fayya lakkoofa'),
            'normal_input',
            'string',
            'yes',
          ),
        ],
      },
    ],
  },
];

/** Staff who appear as "responded by", "scheduled by", ... (no staff screens exist), their names in Latin and Ethiopic script. */
export const STAFF = [
  {
    email: 'handler@housing.example.et',
    firstname: 'Meseret',
    middlename: 'Alemu',
    lastname: 'Bekele',
    am: { firstname: 'መሰረት', middlename: 'አለሙ', lastname: 'በቀለ' },
    role: 'case_handler',
  },
  {
    email: 'supervisor@housing.example.et',
    firstname: 'Dawit',
    middlename: 'Haile',
    lastname: 'Gebremariam',
    am: { firstname: 'ዳዊት', middlename: 'ሃይሌ', lastname: 'ገብረማርያም' },
    role: 'team_leader',
  },
  {
    email: 'registrar@housing.example.et',
    firstname: 'Hiwot',
    middlename: 'Tadesse',
    lastname: 'Worku',
    am: { firstname: 'ህይወት', middlename: 'ታደሰ', lastname: 'ወርቁ' },
    role: 'case_handler',
  },
  // A second team leader and an accusation acceptor (issue 52, ADR 0038): four eyes need two leaders.
  {
    email: 'leader@housing.example.et',
    firstname: 'Selamawit',
    middlename: 'Girma',
    lastname: 'Tesfaye',
    am: { firstname: 'ሰላማዊት', middlename: 'ግርማ', lastname: 'ተስፋዬ' },
    role: 'team_leader',
  },
  {
    email: 'reception@housing.example.et',
    firstname: 'Yonas',
    middlename: 'Bekele',
    lastname: 'Mulugeta',
    am: { firstname: 'ዮናስ', middlename: 'በቀለ', lastname: 'ሙሉጌታ' },
    role: 'accusation_acceptor',
  },
];
