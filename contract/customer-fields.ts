import { FIELD_LIMITS } from './limits.ts';

/**
 * The customer's fields (spec section 5), one row each, in the order the form asks them: what
 * the registration schema, the registration machine's checks, the form, the customers
 * repository's columns, the erasure and its test and the manual read. A new field is a row
 * here, a column (a migration) and its words in the catalogs (`field.<name>`).
 *
 * - `limit`: the spec's length limit (contract/limits.ts), or none where another rule holds;
 * - `required`: the form and the schema refuse it empty;
 * - `input`: how the form asks it (`choice`: one of the genders);
 * - `autocomplete`: the browser's fill-in hint;
 * - `group`: where on the form (the name, then the gender, then where they live and reach);
 * - `personal`: it says something of the person, so erasure blanks it (ADR 0019). Each
 *   row is a column of `customers`, of that name.
 */
interface FieldRowBase {
  required: boolean;
  autocomplete?: string;
  group: 'name' | 'gender' | 'address';
  personal: boolean;
}
/** A text or a phone has its limit; an e-mail has the schema's own, a choice its options. */
export type CustomerFieldRow =
  | (FieldRowBase & { input: 'text' | 'tel'; limit: number })
  | (FieldRowBase & { input: 'email' | 'choice'; limit?: undefined });

export const CUSTOMER_FIELDS = {
  firstname: {
    limit: FIELD_LIMITS.firstname,
    required: true,
    input: 'text',
    autocomplete: 'given-name',
    group: 'name',
    personal: true,
  },
  middlename: {
    limit: FIELD_LIMITS.middlename,
    required: true,
    input: 'text',
    autocomplete: 'additional-name',
    group: 'name',
    personal: true,
  },
  lastname: {
    limit: FIELD_LIMITS.lastname,
    required: true,
    input: 'text',
    autocomplete: 'family-name',
    group: 'name',
    personal: true,
  },
  gender: { required: true, input: 'choice', group: 'gender', personal: true },
  subcity: { limit: FIELD_LIMITS.subcity, required: true, input: 'text', group: 'address', personal: true },
  woreda: { limit: FIELD_LIMITS.woreda, required: true, input: 'text', group: 'address', personal: true },
  house_number: { limit: FIELD_LIMITS.house_number, required: false, input: 'text', group: 'address', personal: true },
  house_phone_number: {
    limit: FIELD_LIMITS.house_phone_number,
    required: false,
    input: 'tel',
    group: 'address',
    personal: true,
  },
  email: { required: true, input: 'email', autocomplete: 'email', group: 'address', personal: true },
  phone: {
    limit: FIELD_LIMITS.phone,
    required: true,
    input: 'tel',
    autocomplete: 'tel',
    group: 'address',
    personal: true,
  },
} as const satisfies Record<string, CustomerFieldRow>;

export type CustomerField = keyof typeof CUSTOMER_FIELDS;
export const CUSTOMER_FIELD_NAMES = Object.keys(CUSTOMER_FIELDS) as CustomerField[];
/** The rows, each read as any row (the table above keeps each one's own literal types). */
export const CUSTOMER_FIELD_ROWS: Readonly<Record<CustomerField, CustomerFieldRow>> = CUSTOMER_FIELDS;

/** The fields a registration refuses empty. */
export type RequiredCustomerField = {
  [F in CustomerField]: (typeof CUSTOMER_FIELDS)[F]['required'] extends true ? F : never;
}[CustomerField];
export const REQUIRED_CUSTOMER_FIELDS = CUSTOMER_FIELD_NAMES.filter((f) => CUSTOMER_FIELDS[f].required);

/** The fields erasure blanks: every personal one. */
export const PERSONAL_CUSTOMER_FIELDS = CUSTOMER_FIELD_NAMES.filter((f) => CUSTOMER_FIELDS[f].personal);
