import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGS } from '../../contract/languages.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import type { RequestDef } from '../../contract/request-parts.ts';
import { requests } from '../../contract/requests.ts';
import type { TestApp } from '../support/api.ts';
import { PNG_1PX, newCustomer, pdfBytes, startApp } from '../support/api.ts';

/** Payloads per endpoint and kind (valid by the contract, or anything at all). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** Strings an attacker tries first; none may reach SQL, a path or a stack trace. */
const NASTY = [
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '\uD800',
  'ሀ'.repeat(300),
  ' ',
  '-1',
  '1e309',
  'NaN',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

/** The arbitrary of a JSON Schema (as zod writes it for the contract), hinted by field name. */
function fromSchema(schema: JsonSchema, name = '', ids: string[] = []): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromSchema(s, name, ids)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, k, ids)]),
      );
      return fc.record(props, { requiredKeys: (schema.required ?? []) as never[] });
    }
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, name, ids), { maxLength: 5 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 300, 300);
      const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
      const choices: fc.Arbitrary<string>[] = [fc.string({ minLength: min, maxLength: max, unit: 'grapheme' })];
      if (schema.pattern) choices.push(fc.stringMatching(new RegExp(schema.pattern)).filter(fits));
      if (/id$|^id|case$|^caselist$|^division$/i.test(name))
        choices.push(fc.uuid(), ...(ids.length ? [fc.constantFrom(...ids)] : []));
      if (/email/.test(name)) choices.push(fc.emailAddress().filter(fits));
      choices.push(fc.constantFrom(...NASTY).filter(fits));
      return fc.oneof(...choices);
    }
    default:
      return fc.jsonValue();
  }
}

const jsonSchemaOf = (schema: unknown): JsonSchema =>
  z.toJSONSchema(schema as never, { unrepresentable: 'any', io: 'input' }) as JsonSchema;

/** Anything at all where a payload goes: other JSON, a valid shape with one field wrong, garbage text. */
function invalid(shape: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<unknown> {
  const wrongField = shape
    ? fc.tuple(shape, fc.jsonValue()).map(([valid, junk]) => {
        if (!valid || typeof valid !== 'object') return junk;
        const keys = Object.keys(valid);
        return keys.length ? { ...valid, [keys[0] as string]: junk } : { junk };
      })
    : fc.jsonValue();
  return fc.oneof(fc.jsonValue(), wrongField, fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }));
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** No stack frame, SQL, file path or internal error text in an answer. */
const INTERNALS =
  /\n\s+at |\.ts:\d+|\.js:\d+|\b(SELECT|INSERT|UPDATE|DELETE) .*\b(FROM|INTO|SET)\b|node_modules|\/work\/|\/tmp\/|syntax error|violates|duplicate key|ECONN/;

describe('contract fuzzing: every endpoint, valid and invalid payloads', () => {
  let t: TestApp;
  let token: string;
  let ids: string[];
  let files: fc.Arbitrary<{ bytes: Uint8Array; name: string; type: string }>;

  beforeAll(async () => {
    t = await startApp('pglite');
    const c = await newCustomer(t);
    token = c.token;
    const rows = await t.ctx.db.query<{ id: string }>(
      'SELECT id FROM divisions UNION ALL SELECT id FROM case_lists UNION ALL SELECT id FROM questions',
    );
    ids = [c.id, ...rows.map((r) => r.id)];
    const pdf = await pdfBytes('Fuzz');
    files = fc.record({
      bytes: fc.oneof(
        fc.constant(pdf),
        fc.constant(new Uint8Array(PNG_1PX)),
        fc.uint8Array({ maxLength: 2048 }),
        fc.constant(new Uint8Array(0)),
      ),
      name: fc.oneof(fc.constantFrom('doc.pdf', '../../x.pdf', 'a.png', ''), fc.string({ maxLength: 40 })),
      type: fc.constantFrom('application/pdf', 'image/png', 'text/html', 'application/octet-stream'),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (
    name: EndpointName,
    input: { params?: unknown; query?: unknown; body?: unknown; raw?: string; form?: FormData; auth: boolean },
  ) => {
    const def = endpoints[name];
    const params = (input.params && typeof input.params === 'object' ? input.params : {}) as Record<string, unknown>;
    const url = def.path.replace(
      /:([A-Za-z]+)/g,
      (_, key: string) => encodeURIComponent(asText(params[key] ?? 'x').toWellFormed()) || 'x',
    );
    const query =
      input.query && typeof input.query === 'object'
        ? Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, asText(v)]))
        : undefined;
    const headers: Record<string, string> = input.auth ? { authorization: `Bearer ${token}` } : {};
    let payload: string | Buffer | undefined;
    if (input.form) {
      const request = new Request('http://local/', { method: 'POST', body: input.form });
      payload = Buffer.from(await request.arrayBuffer());
      headers['content-type'] = request.headers.get('content-type') as string;
    } else if (input.raw !== undefined || input.body !== undefined) {
      payload = input.raw ?? JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }
    return t.app.inject({
      method: def.method,
      url: `${API_PREFIX}${url}`,
      ...(query ? { query } : {}),
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
  };

  const check = (name: string, res: Awaited<ReturnType<typeof send>>) => {
    expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    expect(res.body, name).not.toMatch(INTERNALS);
    if (res.statusCode >= 400) {
      const body = res.json<Record<string, unknown>>();
      expect(typeof body.code, name).toBe('string');
      for (const lang of LANGS)
        expect(typeof body[`Message_${lang.toLowerCase()}`], `${name} Message_${lang}`).toBe('string');
      if (res.statusCode === 429) expect(Number(res.headers['retry-after']), `${name} Retry-After`).toBeGreaterThan(0);
    }
  };

  for (const name of Object.keys(endpoints) as EndpointName[]) {
    it(`${name}: no 500, a translated message on every 4xx, nothing internal`, async () => {
      const def = requests[name] as RequestDef;
      const shape = (schema: unknown) => (schema ? fromSchema(jsonSchemaOf(schema), '', ids) : fc.constant(undefined));
      const multipart = def.multipart;
      const fields = multipart ? shape(multipart.fields) : undefined;
      const payload = fc.record({
        auth: fc.boolean(),
        valid: fc.boolean(),
        params: shape(def.params),
        query: shape(def.query),
        body: shape(def.body),
        junk: invalid(def.body ? shape(def.body) : fields),
        rawJunk: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 50 })),
        file: fc.option(files),
        fields: fields ?? fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(payload, async (p) => {
          let form: FormData | undefined;
          if (multipart) {
            form = new FormData();
            const values = (p.valid ? p.fields : p.junk) as Record<string, unknown> | null;
            if (values && typeof values === 'object')
              for (const [k, v] of Object.entries(values)) form.append(k, asText(v));
            if (p.file)
              form.append(
                Object.keys(multipart.files)[0] ?? 'file',
                new File([new Uint8Array(p.file.bytes)], p.file.name, { type: p.file.type }),
              );
          }
          const res = await send(name, {
            auth: p.auth,
            params: p.valid ? p.params : p.junk,
            query: p.valid ? p.query : p.junk,
            ...(form
              ? { form }
              : def.body
                ? p.valid
                  ? { body: p.body }
                  : p.rawJunk !== undefined
                    ? { raw: p.rawJunk }
                    : { body: p.junk }
                : {}),
          });
          check(name, res);
        }),
        { numRuns: RUNS * 2, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
    });
  }
});
