import { describe, expect, it } from 'vitest';
import { CUSTOMER_FIELD_NAMES, CUSTOMER_FIELD_ROWS } from '../../contract/customer-fields.ts';
import { maxLength } from '../../contract/limits.ts';
import { RegistrationFields } from '../../contract/customers/requests.ts';
import type { RegistrationValues } from '../../machines/registration.machine.ts';
import { REGISTRATION_FIELDS, registrationErrors } from '../../machines/registration.machine.ts';
import { fieldsStep } from '../../server/reference/manual.ts';

/** A registration both halves accept; each case below changes one field of it. */
const valid: RegistrationValues = {
  firstname: 'Almaz',
  middlename: 'Bekele',
  lastname: 'Gebre',
  gender: 'Female',
  subcity: 'Kirkos',
  woreda: '05',
  house_number: '123',
  house_phone_number: '0115150000',
  email: 'almaz@example.org',
  phone: '0911234567',
  password: 'a-long-enough-password',
  confirmPassword: 'a-long-enough-password',
};
const { confirmPassword: _c, ...payload } = valid;
const serverAccepts = (values: Record<string, string>) => RegistrationFields.safeParse(values).success;
/** What fits a field of this input kind, `length` characters long (a phone: a real number, spaced out). */
const filler = (field: (typeof CUSTOMER_FIELD_NAMES)[number], length: number) =>
  CUSTOMER_FIELD_ROWS[field].input === 'tel' ? `09${' '.repeat(length - 10)}11234567` : 'a'.repeat(length);

describe('the customer fields table drives the schema, the machine, the form order and the manual', () => {
  it('the valid registration passes both halves', () => {
    expect(serverAccepts(payload)).toBe(true);
    expect(registrationErrors(valid)).toEqual({});
  });

  it.each(CUSTOMER_FIELD_NAMES)('%s: empty is refused by both halves exactly when the table says required', (field) => {
    const required = CUSTOMER_FIELD_ROWS[field].required;
    expect(registrationErrors({ ...valid, [field]: '' })[field]?.code, 'machine').toBe(
      required ? 'required' : undefined,
    );
    const { [field]: _gone, ...without } = payload;
    expect(serverAccepts(without), 'schema').toBe(!required);
  });

  it.each(CUSTOMER_FIELD_NAMES.filter((f) => CUSTOMER_FIELD_ROWS[f].limit !== undefined))(
    '%s: refused at its limit by both halves, accepted one character under',
    (field) => {
      const limit = CUSTOMER_FIELD_ROWS[field].limit!;
      expect(registrationErrors({ ...valid, [field]: filler(field, limit) })[field]).toEqual({
        code: 'tooLong',
        limit: maxLength(limit),
      });
      expect(serverAccepts({ ...payload, [field]: filler(field, limit) })).toBe(false);
      expect(registrationErrors({ ...valid, [field]: filler(field, limit - 1) })[field]).toBeUndefined();
      expect(serverAccepts({ ...payload, [field]: filler(field, limit - 1) })).toBe(true);
    },
  );

  it('the form asks the table’s fields in its order, then the password and its confirmation', () => {
    expect(REGISTRATION_FIELDS).toEqual([...CUSTOMER_FIELD_NAMES, 'password', 'confirmPassword']);
  });

  it('the manual names every field and says every limit the table holds', () => {
    const step = fieldsStep('en');
    for (const field of CUSTOMER_FIELD_NAMES) {
      const { limit } = CUSTOMER_FIELD_ROWS[field];
      if (limit !== undefined) expect(step).toContain(`shorter than ${limit}`);
    }
    expect(step).toContain('first name, middle name, last name and sub-city shorter than 50 characters');
    expect(fieldsStep('am')).toContain('ከ20 ፊደል');
  });
});
