/**
 * Numbers the specification states, written here as the spec writes them, on purpose apart
 * from contract/limits.ts: a test that states one fails when the constant drifts from the spec
 * (issue 49). Only tests import this module.
 */

/** Spec sections 5 and 9: 50 for the names and sub-city, 20 for woreda, phones and house number. */
export const SPEC_FIELD_LIMITS = {
  firstname: 50,
  middlename: 50,
  lastname: 50,
  subcity: 50,
  woreda: 20,
  phone: 20,
  house_phone_number: 20,
  house_number: 20,
} as const;
