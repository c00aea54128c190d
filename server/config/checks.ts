import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { BucketAccount } from '../adapters/object-store.ts';
import type { SmppAccount } from '../notify/smpp-session.ts';
import { parseSmppUrl } from '../notify/sms.ts';

/** The settings that take more than a schema to read (server/config/config.ts): each says what is wrong in `problems`. */

export type TrustProxy = false | number | string[];

/** The names proxy-addr (Fastify's) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`, a hop count, or the proxies' addresses/CIDRs. `true` would trust the
 * leftmost address of `X-Forwarded-For`, which the client writes: every per-address limit
 * could be dodged with a new made-up address per request. It is refused with what to write.
 */
export function trustProxyOf(raw: string, problems: string[]): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    problems.push(
      'TRUST_PROXY: "true" would trust any address a client writes into X-Forwarded-For; name what to trust instead: the number of proxies in front (1 behind one nginx) or their addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)',
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) problems.push('TRUST_PROXY: a hop count from 1 to 10 (the proxies in front of the portal)');
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !PROXY_RANGE_NAMES.has(e) && !ipaddr.isValid(e) && !ipaddr.isValidCIDR(e));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY: must be false, a hop count (1) or the proxies' addresses/CIDRs (127.0.0.1,10.0.0.0/8); not ${bad.join(', ') || 'empty'}`,
    );
    return false;
  }
  return entries;
}

/** `name=value,name=value` or a JSON object of header name to value. */
export function parseApiKeys(raw: string | undefined, problems: string[]): Record<string, string> {
  if (!raw) return {};
  try {
    if (raw.trim().startsWith('{')) {
      const parsed = z.record(z.string(), z.string().min(1)).parse(JSON.parse(raw));
      return parsed;
    }
    const out: Record<string, string> = {};
    for (const pair of raw.split(',')) {
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=').trim();
      if (!name?.trim() || !value) throw new Error(pair);
      out[name.trim().toLowerCase()] = value;
    }
    return out;
  } catch {
    problems.push('API_KEYS: must be "header=value,header=value" or a JSON object of header names to values');
    return {};
  }
}

/**
 * OBJECT_STORAGE_URL: `s3+http://KEY:SECRET@host:port/bucket` for a plain-HTTP endpoint (a
 * MinIO on the bureau's own network), `s3://KEY:SECRET@host/bucket` for HTTPS; `?region=`
 * (default us-east-1) and `?path_style=false` for virtual-hosted addressing (path style by
 * default, as MinIO and Ceph's gateway take it). Without KEY:SECRET the AWS SDK finds its own.
 */
export function bucketAccountOf(url: string | undefined, problems: string[]): BucketAccount | undefined {
  if (!url) return undefined;
  const said = 'OBJECT_STORAGE_URL: must be s3://KEY:SECRET@host/bucket or s3+http://KEY:SECRET@host:port/bucket';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    problems.push(said);
    return undefined;
  }
  const scheme = parsed.protocol === 's3:' ? 'https' : parsed.protocol === 's3+http:' ? 'http' : null;
  const bucket = parsed.pathname.replace(/^\/+|\/+$/g, '');
  if (!scheme || !parsed.hostname || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`${said} (a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens)`);
    return undefined;
  }
  const unknown = [...parsed.searchParams.keys()].filter((key) => key !== 'region' && key !== 'path_style');
  if (unknown.length > 0) {
    problems.push(`OBJECT_STORAGE_URL: takes region and path_style only, not ${unknown.join(', ')}`);
    return undefined;
  }
  const pathStyle = parsed.searchParams.get('path_style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    problems.push('OBJECT_STORAGE_URL: path_style must be true or false');
    return undefined;
  }
  if (Boolean(parsed.username) !== Boolean(parsed.password)) {
    problems.push('OBJECT_STORAGE_URL: give both the access key and the secret (KEY:SECRET@), or neither');
    return undefined;
  }
  return {
    endpoint: `${scheme}://${parsed.host}`,
    bucket,
    region: parsed.searchParams.get('region') || 'us-east-1',
    pathStyle: pathStyle !== 'false',
    credentials: parsed.username
      ? { accessKeyId: decodeURIComponent(parsed.username), secretAccessKey: decodeURIComponent(parsed.password) }
      : undefined,
  };
}

/** SMPP_URL and SMS_SENDER go together: an account without a sender (or the reverse) is a mistake said at start. */
export function smppAccountFor(
  url: string | undefined,
  sender: string | undefined,
  problems: string[],
): SmppAccount | undefined {
  if (!url && !sender) return undefined;
  if (!url || !sender) {
    problems.push(
      url
        ? 'SMS_SENDER: is required with SMPP_URL (the name or number SMS come from)'
        : 'SMPP_URL: is required with SMS_SENDER',
    );
    return undefined;
  }
  const account = parseSmppUrl(url);
  if (typeof account === 'string') {
    problems.push(`SMPP_URL: ${account}`);
    return undefined;
  }
  return { ...account, sender };
}

/**
 * In production, a message without its real channel would be written to the development
 * outbox: login codes, reset links, addresses and phone numbers on disk. That is refused at
 * start unless DEV_OUTBOX=true says it is meant; even then nothing is printed.
 */
export function outboxChecks(
  env: string,
  smtpUrl: string | undefined,
  smpp: boolean,
  devOutbox: string | undefined,
  problems: string[],
): void {
  if (env !== 'production' || devOutbox === 'true') return;
  const meant = 'or DEV_OUTBOX=true to keep the development outbox on purpose (never printed in production)';
  if (!smtpUrl)
    problems.push(
      `SMTP_URL: required in production: without it, login codes and reset links are written to DATA_DIR/outbox. Set SMTP_URL, ${meant}`,
    );
  if (!smpp)
    problems.push(
      `SMPP_URL: required in production (with SMS_SENDER): without it, phone codes and numbers are written to DATA_DIR/sms-outbox. Set SMPP_URL and SMS_SENDER, ${meant}`,
    );
}

/** The JWT secret: configured, or (outside production) made once and kept in the data folder. */
export function jwtSecretFor(configured: string | undefined, env: string, dataDir: string, problems: string[]): string {
  if (configured) return configured;
  if (env === 'production') {
    problems.push('JWT_SECRET: required in production (at least 32 characters, the same for every server process)');
    return '';
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
