import type { PersonName } from '../../contract/entities.ts';

/**
 * A person's name from its columns (`part` reads one: firstname, …, lastname_am), with its
 * Ethiopic script beside it when a staff member's is written (issue 51).
 */
export function personName(part: (p: string) => unknown): PersonName {
  const name = {
    firstname: String(part('firstname') ?? ''),
    middlename: String(part('middlename') ?? ''),
    lastname: String(part('lastname') ?? ''),
  };
  const am = part('firstname_am');
  return am
    ? {
        ...name,
        am: {
          firstname: String(am),
          middlename: String(part('middlename_am') ?? ''),
          lastname: String(part('lastname_am') ?? ''),
        },
      }
    : name;
}
