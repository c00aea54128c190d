import type { SeedDivision } from './common.ts';
import { t, q } from './common.ts';

/** The division `ethics`: its names, directorates, teams and case types with their questions. */
export const ethics: SeedDivision = {
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
};
