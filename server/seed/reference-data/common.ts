/** The reference data's types and the words several divisions share (server/seed/reference-data.ts). */

export interface T {
  en: string;
  am: string;
  or: string;
  tg: string;
  sm: string;
  af: string;
}
export const t = (en: string, am: string, or: string, tg: string, sm: string, af: string): T => ({
  en,
  am,
  or,
  tg,
  sm,
  af,
});

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

export const q = (
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

export const DETAILS = t(
  'Additional details',
  'ተጨማሪ ማብራሪያ',
  'Ibsa dabalataa',
  'ተወሳኺ መግለጺ',
  'Faahfaahin dheeraad ah',
  'Tamaasa baxxaqqa',
);
export const HOUSE_NO = t('House number', 'የቤት ቁጥር', 'Lakkoofsa manaa', 'ቁጽሪ ገዛ', 'Lambarka guriga', 'Buxa lakkoofa');
export const BLOCK_NO = t(
  'Block number',
  'የብሎክ ቁጥር',
  'Lakkoofsa bilookii',
  'ቁጽሪ ብሎክ',
  'Lambarka baloogga',
  'Bilookih lakkoofa',
);
