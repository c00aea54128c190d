import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, loadStaffConfig, noteServedAt } from '../../server/config/config.ts';
import { ethiopianYear } from '../../contract/dates.ts';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../../server/customers/passwords.ts';

describe('the Ethiopian year of case numbers', () => {
  it('turns on Meskerem 1 (11 or 12 September, Addis Ababa time)', () => {
    expect(ethiopianYear(new Date('2026-11-22T12:00:00Z'))).toBe(2019);
    expect(ethiopianYear(new Date('2024-09-10T20:59:00Z'))).toBe(2016);
    expect(ethiopianYear(new Date('2024-09-10T21:00:00Z'))).toBe(2017); // 11 Sep 00:00 in Addis Ababa
    expect(ethiopianYear(new Date('2023-09-11T12:00:00Z'))).toBe(2015); // 2024 is a leap year: new year on 12 Sep
    expect(ethiopianYear(new Date('2023-09-12T12:00:00Z'))).toBe(2016);
  });

  it('agrees with the ICU Ethiopic calendar over several years', () => {
    const icu = new Intl.DateTimeFormat('en-u-ca-ethiopic', { year: 'numeric', timeZone: 'Africa/Addis_Ababa' });
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2031, 0, 1); t += 86_400_000) {
      const d = new Date(t + 12 * 3_600_000);
      const year = Number(icu.formatToParts(d).find((p) => p.type === 'year')?.value);
      expect(ethiopianYear(d), d.toISOString()).toBe(year);
    }
  });
});

describe('configuration', () => {
  it('lists every problem at once, readably', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_TTL_MINUTES: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).message;
      expect(text).toContain('Invalid configuration');
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(text).toContain('JWT_TTL_MINUTES');
    }
  });

  it('the staff command line writes the links the server serves: its PUBLIC_URL, or the address the server noted; never a guess in production', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-staff-config-'));
    const env = { DATA_DIR: dataDir, PORT: '9090' };
    expect(loadStaffConfig(env).publicUrl).toBe('http://localhost:9090');
    noteServedAt({ dataDir, publicUrl: 'https://housing.example.et' });
    expect(loadStaffConfig(env).publicUrl).toBe('https://housing.example.et');
    expect(loadStaffConfig({ ...env, PUBLIC_URL: 'https://portal.example.et/' }).publicUrl).toBe(
      'https://portal.example.et',
    );
    const production = { ...env, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DEV_OUTBOX: 'true' };
    expect(() => loadStaffConfig(production)).toThrow(/PUBLIC_URL: required for the staff command line in production/);
    expect(loadStaffConfig({ ...production, PUBLIC_URL: 'https://portal.example.et' }).publicUrl).toBe(
      'https://portal.example.et',
    );
  });

  it('requires a JWT secret in production, and API keys in a readable form', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/portal-config-test' })).toThrow(
      /JWT_SECRET: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), API_KEYS: 'broken' })).toThrow(/API_KEYS/);
    const c = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), API_KEYS: 'get_divs_api=abc', PORT: '9000' });
    expect(c.apiKeys).toEqual({ get_divs_api: 'abc' });
    expect(c.port).toBe(9000);
    expect(c.publicUrl).toBe('http://localhost:9000');
  });
});

describe('SMS_REACH names the numbers the operator account reaches (issue 48)', () => {
  const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/portal-config-test' };
  it('defaults to Ethiopian mobiles, takes prefixes with or without +, and refuses anything else', () => {
    expect(loadConfig(env).smsReach).toEqual(['2519', '2517']);
    expect(loadConfig({ ...env, SMS_REACH: '2519, +44' }).smsReach).toEqual(['2519', '44']);
    for (const wrong of ['09', 'abc', '2519,', '0251'])
      expect(() => loadConfig({ ...env, SMS_REACH: wrong }), wrong).toThrow(/SMS_REACH/);
  });
});

describe('TRUST_PROXY names what to trust', () => {
  const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/portal-config-test' };
  it('refuses true at start, saying what to write instead', () => {
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" would trust any address a client writes.*number of proxies in front \(1 .*addresses\/CIDRs/,
    );
  });
  it("takes false, a hop count, or the proxies' addresses and CIDRs; anything else is a problem listed", () => {
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be false, a hop count/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/99' })).toThrow(/not 10.0.0.0\/99/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '50' })).toThrow(/hop count from 1 to 10/);
  });
});

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters and verifies only the right password', async () => {
    expect(ARGON2_PARAMS.memory).toBeGreaterThanOrEqual(19 * 1024);
    expect(ARGON2_PARAMS.passes).toBe(2);
    expect(ARGON2_PARAMS.parallelism).toBe(1);
    const long = 'ፓስዎርድ-'.repeat(12);
    const hash = await hashPassword(long);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(`${long}x`, hash)).toBe(false);
    expect(await verifyPassword(long, 'not-a-hash')).toBe(false);
  });
});
