import type { SeedDivision } from './common.ts';
import { t, q } from './common.ts';

/** The division `real-estate`: its names, directorates, teams and case types with their questions. */
export const realEstate: SeedDivision = {
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
};
