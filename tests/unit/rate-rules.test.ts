import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';
import { DEFAULT_RULES, parseRules } from '../../server/config/rate-rules.ts';

const README = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('the rate limits as configured', () => {
  it("the README's table gives every rule its default, written as RATE_LIMITS takes it", () => {
    const written = [...README.matchAll(/\| `([A-Za-z:]+=\d+\/\d+[smh])` \|/g)].map((m) => m[1] as string);
    const { rules, problems } = parseRules(written.join(','));
    expect(problems).toEqual([]);
    expect(rules).toEqual(DEFAULT_RULES);
  });

  it('RATE_LIMITS changes the rules it names; a mistake stops the start with every problem listed', () => {
    const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/portal-limits-test' };
    const config = loadConfig({ ...env, RATE_LIMITS: 'createCase=4/30m, default=2000/1m' });
    expect(config.rules.createCase).toEqual({ max: 4, windowMs: 30 * 60_000 });
    expect(config.rules.default).toEqual({ max: 2000, windowMs: 60_000 });
    expect(config.rules.printCase).toEqual(DEFAULT_RULES.printCase);
    let error: unknown;
    try {
      loadConfig({ ...env, RATE_LIMITS: 'nope=1/1m,createCase=ten/1h,loginCustomerUser=0/1s', METRICS_TOKEN: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('reads each pair whole, and says what is wrong with each', () => {
    expect(parseRules(' createCase=1/1s , ,default=2000/1m')).toEqual({
      rules: { createCase: { max: 1, windowMs: 1000 }, default: { max: 2000, windowMs: 60_000 } },
      problems: [],
    });
    expect(parseRules('xcreateCase=4/30m,createCase=4/30mx').problems).toEqual([
      'RATE_LIMITS: "xcreateCase" is not a rule (' + Object.keys(DEFAULT_RULES).join(', ') + ')',
      'RATE_LIMITS: "createCase=4/30mx" is not name=max/window (a window like 30s, 15m or 1h)',
    ]);
    expect(parseRules('-createCase=4/30m').problems).toHaveLength(1);
    expect(parseRules('createCase=0/1s,default=5/0s').problems).toEqual([
      'RATE_LIMITS: "createCase=0/1s" must allow at least one call in a window of at least a second',
      'RATE_LIMITS: "default=5/0s" must allow at least one call in a window of at least a second',
    ]);
  });
});
