import type { SeedDivision } from './common.ts';
import { t, q, DETAILS, HOUSE_NO } from './common.ts';

/** The division `rental`: its names, directorates, teams and case types with their questions. */
export const rental: SeedDivision = {
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
          t('Contract number', 'የውል ቁጥር', 'Lakkoofsa waliigaltee', 'ቁጽሪ ውዕል', 'Lambarka heshiiska', 'Xagana lakkoofa'),
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
          t('Describe the problem', 'ችግሩን ይግለጹ', 'Rakkoo ibsaa', 'ነቲ ጸገም ግለጹ', 'Sharax dhibaatada', 'Rakkoo baxxaqqa'),
          'text_area',
          'string',
          'yes',
        ),
      ],
    },
  ],
};
