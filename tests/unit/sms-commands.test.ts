import { describe, expect, it } from 'vitest';
import { ethiopicNumberValue, readCaseNumber } from '../../contract/case-number.ts';
import { COMMAND_WORDS, readCommand } from '../../server/sms/read-command.ts';

/** Issue 38: what a text to the bureau's number asks. */
const read = (text: string) => readCommand(text, 'HDAB');

describe('a text to the bureau, read as a command', () => {
  it('a case number, with or without its dashes, in any case, with spaces and punctuation around', () => {
    const asked = { kind: 'case', caseNumber: 'HDAB-2019-000042' };
    expect(read('HDAB-2019-000042')).toEqual(asked);
    expect(read('hdab2019000042')).toEqual(asked);
    expect(read('  Hdab - 2019 - 000042 . ')).toEqual(asked);
    expect(read('HDAB 2019 42')).toEqual(asked);
    expect(read('HDAB-2019-000042?')).toEqual(asked);
    expect(read('HDAB -2019 -42')).toEqual(asked);
    expect(readCommand('ABC-2019-000042', 'ABC')).toEqual({ kind: 'case', caseNumber: 'ABC-2019-000042' });
    expect(read('ABC-2019-000042')).toEqual({ kind: 'unknown' });
    expect(read('HDAB-2019-0000042')).toEqual({ kind: 'unknown' });
    expect(read('HDAB201942')).toEqual({ kind: 'unknown' });
  });

  it('a case number or a tracking code among other words, in either language', () => {
    const asked = { kind: 'case', caseNumber: 'HDAB-2019-000042' };
    expect(read('status of HDAB 2019 42 please')).toEqual(asked);
    expect(read('እባክዎ HDAB-2019-000042 ሁኔታው ምንድነው?')).toEqual(asked);
    expect(read('my case: hdab2019000042, thanks')).toEqual(asked);
    expect(read('complaint ACC ABCDEFGHJKLMN')).toEqual({ kind: 'complaint', trackingCode: 'ACC-ABCDEFGHJKLMN' });
    // A number written only in part is not guessed at.
    expect(read('case 2019 42')).toEqual({ kind: 'unknown' });
    expect(read('HDAB 2019')).toEqual({ kind: 'unknown' });
    // STOP among other words is not a STOP: a person who means it writes it alone.
    expect(read('please do not stop')).toEqual({ kind: 'unknown' });
  });

  it('Ethiopic numerals where digits are expected', () => {
    expect(ethiopicNumberValue('፲፱')).toBe(19);
    expect(ethiopicNumberValue('፳፻፲፱')).toBe(2019);
    expect(ethiopicNumberValue('፻')).toBe(100);
    expect(ethiopicNumberValue('፩፼')).toBe(10_000);
    expect(ethiopicNumberValue('፵፪')).toBe(42);
    expect(ethiopicNumberValue('፩')).toBe(1);
    expect(ethiopicNumberValue('፪፼፫')).toBe(20_003);
    expect(ethiopicNumberValue('፻፼')).toBe(1_000_000);
    expect(ethiopicNumberValue('፲፼፭፻')).toBe(100_500);
    expect(read('HDAB-፳፻፲፱-፵፪')).toEqual({ kind: 'case', caseNumber: 'HDAB-2019-000042' });
  });

  it("a complaint's tracking code", () => {
    expect(read('ACC-ABCDEFGHJKLMN')).toEqual({ kind: 'complaint', trackingCode: 'ACC-ABCDEFGHJKLMN' });
    expect(read('acc abcdefghjklmn')).toEqual({ kind: 'complaint', trackingCode: 'ACC-ABCDEFGHJKLMN' });
    expect(read('ACC-ABCDEFGHJKLMO')).toEqual({ kind: 'unknown' });
    // Typed in groups, as it is read out over the phone.
    expect(read('acc abcd efgh jklmn')).toEqual({ kind: 'complaint', trackingCode: 'ACC-ABCDEFGHJKLMN' });
    // One character more or before is another code: not guessed at.
    expect(read('ACC-ABCDEFGHJKLMNP')).toEqual({ kind: 'unknown' });
    expect(read('XACCABCDEFGHJKLMN')).toEqual({ kind: 'unknown' });
  });

  it('STOP, START and HELP in English and Amharic; anything else is not understood, never an error', () => {
    expect(read('stop')).toEqual({ kind: 'stop' });
    expect(read(' Stop! ')).toEqual({ kind: 'stop' });
    expect(read('አቁም።')).toEqual({ kind: 'stop' });
    expect(read('START')).toEqual({ kind: 'start' });
    expect(read('ጀምር')).toEqual({ kind: 'start' });
    expect(read('help')).toEqual({ kind: 'help' });
    expect(read('እርዳታ')).toEqual({ kind: 'help' });
    expect(read('?')).toEqual({ kind: 'help' });
    expect(read(' ? ')).toEqual({ kind: 'help' });
    for (const other of ['', 'hello', 'stop it', '12345', 'ሰላም']) expect(read(other)).toEqual({ kind: 'unknown' });
  });

  it('every word of the table, in each of its languages: read alone in any case, not among other words', () => {
    for (const [kind, words] of Object.entries(COMMAND_WORDS))
      for (const word of words) {
        expect(read(word), word).toEqual({ kind });
        expect(read(` ${word.toLowerCase()}. `), word).toEqual({ kind });
        expect(read(`${word} please`), word).toEqual({ kind: 'unknown' });
      }
  });

  it('the public lookup reads a case number the same way, from the whole text only (issue 51)', () => {
    const lookup = (text: string) => readCaseNumber(text, 'HDAB');
    expect(lookup('HDAB 2019 12')).toBe('HDAB-2019-000012');
    expect(lookup('hdab-2019-000012')).toBe('HDAB-2019-000012');
    expect(lookup('HDAB-፳፻፲፱-፲፪')).toBe('HDAB-2019-000012');
    expect(lookup(' HDAB2019000012 ')).toBe('HDAB-2019-000012');
    expect(readCaseNumber('xyz-2019-12', 'XYZ')).toBe('XYZ-2019-000012');
    for (const nothing of ['', '   ', 'HDAB-2019', 'status of HDAB 2019 12', 'ACC-ABCDEFGHJKMNP', 'OTHER-2019-12'])
      expect(lookup(nothing), nothing).toBeNull();
  });
});
