import type { SeedDivision } from './common.ts';
import { t, q } from './common.ts';

/** The division `title-deed`: its names, directorates, teams and case types with their questions. */
export const titleDeed: SeedDivision = {
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
};
