import { describe, expect, it } from 'vitest';
import { phoneKey, samePhone } from '../../contract/phone.ts';
import { senderKey } from '../../server/notify/sms.ts';

describe('one phone number however it is written (issue 48)', () => {
  it('every written form of an Ethiopian number is one key: 251 and the nine digits', () => {
    for (const written of [
      '0911223344',
      '0911 22 33 44',
      '911223344',
      '251911223344',
      '+251911223344',
      '+251 911 223 344',
      '00251911223344',
      '(0911) 22-33-44',
      '0911.22.33.44',
    ])
      expect(phoneKey(written), written).toBe('251911223344');
    for (const written of ['0711223344', '711223344', '+251711223344', '00251711223344'])
      expect(phoneKey(written), written).toBe('251711223344');
    // A landline is a number too (Addis Ababa, 011).
    expect(phoneKey('0111234567')).toBe('251111234567');
  });

  it('a foreign number keeps its country and never equals an Ethiopian one with the same last digits', () => {
    expect(phoneKey('+447911223344')).toBe('447911223344');
    expect(phoneKey('00447911223344')).toBe('447911223344');
    // Of any length E.164 allows: eleven digits in North America.
    expect(phoneKey('+1 202 555 0100')).toBe('12025550100');
    expect(samePhone('+447911223344', '0911223344')).toBe(false);
    expect(samePhone('+1 202 911 2233 44'.replace(/ /g, ''), '0911223344')).toBe(false);
    expect(samePhone('+251 911 22 33 44', '0911223344')).toBe(true);
  });

  it('what is no number has no key: it gets no budget of its own, no SMS and unmasks nothing', () => {
    for (const written of [
      '000251911223344',
      '2510911223344',
      '0000911223344',
      '+0911223344',
      '+2519112233',
      '091122334',
      '12345',
      '+12345',
      '+1234567890123456',
      'not a phone',
      '',
      '0911223344x',
      // A prefix or a digit too many, at either end.
      '1+447911223344',
      '+447911223344x',
      '0900251911223344',
      '09112233445',
      '+2519112233445',
      '2519112233445',
      '91122334455',
      '0911 22 33 4',
    ])
      expect(phoneKey(written), written).toBeNull();
    expect(samePhone('', '')).toBe(false);
    expect(samePhone('not a phone', 'not a phone')).toBe(false);
  });

  it('a text’s sender is a phone only when the SMSC says it is a number: never an alphanumeric one', () => {
    // TON 5: a name (or digits chosen as a name): never a phone, whatever it looks like.
    expect(senderKey('0911223344', 5)).toBeNull();
    expect(senderKey('HousingBur', 0)).toBeNull();
    // TON 1 international, 2 national, 0 unknown: read as such.
    expect(senderKey('251911223344', 1)).toBe('251911223344');
    expect(senderKey('447911223344', 1)).toBe('447911223344');
    expect(senderKey('0911223344', 2)).toBe('251911223344');
    expect(senderKey('251911223344', 0)).toBe('251911223344');
    expect(senderKey('000251911223344', 0)).toBeNull();
  });
});
