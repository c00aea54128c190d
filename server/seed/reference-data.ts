/**
 * Reference data of the bureau, in the six languages of the portal.
 *
 * Translation status: English (en) and Amharic (am) are written by the team and reviewed.
 * Oromo (or), Tigrinya (tg), Somali (sm) and Afar (af) are MACHINE-DRAFTED and NOT YET
 * REVIEWED by native speakers; they are here so that every language shows a text rather
 * than a blank, and must be reviewed before production.
 */
import type { SeedDivision } from './reference-data/common.ts';
import { condominium } from './reference-data/condominium.ts';
import { rental } from './reference-data/rental.ts';
import { cooperatives } from './reference-data/cooperatives.ts';
import { titleDeed } from './reference-data/title-deed.ts';
import { ethics } from './reference-data/ethics.ts';
import { realEstate } from './reference-data/real-estate.ts';

export type { SeedCaseList, SeedDivision, SeedQuestion, T } from './reference-data/common.ts';

/** The bureau's divisions, in the order the portal lists them. */
export const DIVISIONS: SeedDivision[] = [condominium, rental, cooperatives, titleDeed, ethics, realEstate];

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
