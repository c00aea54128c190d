import type { PersonName } from '../../contract/entities.ts';
import type { LanCode } from '../../contract/languages.ts';

/** The languages written in Ethiopic script, whose readers see a staff member's name in it. */
const ETHIOPIC_SCRIPT: readonly LanCode[] = ['Am', 'Tg'];

/**
 * A person's name as a reader of `lan` reads it (issue 51): a staff member's in Ethiopic script
 * for Amharic and Tigrinya when it is written, else as given; `short` leaves the middle name out.
 */
export function personName(p: PersonName | null, lan: LanCode, short = false): string {
  if (!p) return '-';
  const n = ETHIOPIC_SCRIPT.includes(lan) && p.am ? p.am : p;
  return (short ? `${n.firstname} ${n.lastname}` : `${n.firstname} ${n.middlename} ${n.lastname}`).trim();
}
