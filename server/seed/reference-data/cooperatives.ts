import type { SeedDivision } from './common.ts';
import { t, q } from './common.ts';

/** The division `cooperatives`: its names, directorates, teams and case types with their questions. */
export const cooperatives: SeedDivision = {
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
          t('Name of the cooperative', 'የማህበሩ ስም', 'Maqaa waldaa', 'ስም ማሕበር', 'Magaca iskaashatada', 'Sinaamah migaq'),
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
};
