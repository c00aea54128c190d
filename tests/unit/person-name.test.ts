import { describe, expect, it } from 'vitest';
import { personName } from '../../src/i18n/person-name.ts';

const staff = {
  firstname: 'Meseret',
  middlename: 'Alemu',
  lastname: 'Bekele',
  am: { firstname: 'መሰረት', middlename: 'አለሙ', lastname: 'በቀለ' },
};

describe('a person’s name as its reader reads it (issue 51)', () => {
  it('is in Ethiopic script for a reader of Amharic or Tigrinya, in Latin letters for the others', () => {
    expect(personName(staff, 'Am')).toBe('መሰረት አለሙ በቀለ');
    expect(personName(staff, 'Tg', true)).toBe('መሰረት በቀለ');
    expect(personName(staff, 'En')).toBe('Meseret Alemu Bekele');
    expect(personName(staff, 'Or', true)).toBe('Meseret Bekele');
  });

  it('is as given when no Ethiopic script is written, and a dash for nobody', () => {
    const { am: _am, ...latin } = staff;
    expect(personName(latin, 'Am')).toBe('Meseret Alemu Bekele');
    expect(personName(null, 'Am')).toBe('-');
  });
});
