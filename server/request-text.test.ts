import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KycMsg, zKycFields } from '../contract/kyc';
import type { Route } from '../contract/route';
import { BROKEN_TEXT_MESSAGE, cleanText } from '../contract/text';
import { createTestApp, signIn, type TestContext } from './test/app';

type Key = string | number;
const CONTRACT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../contract');

/** Every route table of contract/, each route once (index.ts re-exports some), by `METHOD /api/path/{param}`. */
async function contractRoutes(): Promise<Map<string, { name: string; route: Route }>> {
  const isRoute = (v: unknown): v is Route =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'response' in v;
  const routes = new Map<string, { name: string; route: Route }>();
  for (const file of fs.readdirSync(CONTRACT).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(path.join(CONTRACT, file))) as Record<string, unknown>;
    for (const [table, value] of Object.entries(mod)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const [name, route] of Object.entries(value)) {
        if (!isRoute(route)) continue;
        const key = `${route.method} /api${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
        routes.set(key, { name: `${table}.${name}`, route });
      }
    }
  }
  return routes;
}

// ---- The contract's request schemas, walked as zod ----

type ZodDef = { type: string; checks?: unknown[]; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: ZodDef } })._zod.def;

/** The string schemas a request fills (the input side of pipes), each with its place and whether it has the rule. */
function requestStrings(schema: unknown, at: string, out: { at: string; checked: boolean }[], seen = new Set()) {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: unknown, p = at) => requestStrings(s, p, out, seen);
  switch (def.type) {
    case 'string':
      out.push({ at, checked: (def.checks ?? []).includes(cleanText) });
      break;
    case 'object':
      for (const [key, s] of Object.entries(def.shape as Record<string, unknown>)) walk(s, `${at}.${key}`);
      if (def.catchall) walk(def.catchall, `${at}.*`);
      break;
    case 'array':
      walk(def.element, `${at}[]`);
      break;
    case 'record':
      walk(def.keyType, `${at}{key}`);
      walk(def.valueType, `${at}{}`);
      break;
    case 'union':
      for (const s of def.options as unknown[]) walk(s);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'tuple':
      for (const s of def.items as unknown[]) walk(s);
      if (def.rest) walk(def.rest);
      break;
    case 'pipe':
      // What a request sends meets the input side; a preprocessing transform hands it on to `out`.
      walk(defOf(def.in).type === 'transform' ? def.out : def.in);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
    default:
      if ('innerType' in def) walk(def.innerType);
  }
  return out;
}

describe('every request schema of the contract', () => {
  it('builds each string it accepts with text() or clean(), so the web forms refuse what the server does', async () => {
    const strings: { at: string; checked: boolean }[] = [];
    for (const { name, route } of (await contractRoutes()).values()) {
      for (const part of ['params', 'query', 'body'] as const) {
        if (route[part]) requestStrings(route[part], `${name}.${part}`, strings);
      }
    }
    // The KYC form is multipart: its text fields are parsed with this schema, not a route body.
    requestStrings(zKycFields, 'zKycFields', strings);
    expect(strings.length).toBeGreaterThan(100);
    expect(strings.filter((s) => !s.checked).map((s) => s.at)).toEqual([]);
  });
});

// ---- Every operation of the OpenAPI document, over HTTP ----

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  additionalProperties?: JsonSchema | boolean;
  minLength?: number;
  minimum?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const branches = (s: JsonSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
const isString = (s: JsonSchema): boolean =>
  s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string')) || branches(s).some(isString);

/** The places of the string-typed fields of a JSON schema; one inside an array is tried at index 0. */
function stringFields(s: JsonSchema, at: Key[] = [], out = new Map<string, Key[]>()): Map<string, Key[]> {
  if (isString(s) && at.length > 0) out.set(JSON.stringify(at), at);
  for (const [key, p] of Object.entries(s.properties ?? {})) stringFields(p, [...at, key], out);
  if (s.items) stringFields(s.items, [...at, 0], out);
  if (typeof s.additionalProperties === 'object') stringFields(s.additionalProperties, [...at, 'key'], out);
  for (const b of branches(s)) stringFields(b, at, out);
  return out;
}

/** A plausible value of a schema: its first enum value, a long enough word, its minimum, the required fields. */
function sample(s: JsonSchema): unknown {
  const first = branches(s)[0];
  if (s.enum) return s.enum[0];
  if (first && !s.type) return sample(first);
  if (s.type === 'object' || s.properties) {
    return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k] ?? {})]));
  }
  if (s.type === 'array') return [];
  if (s.type === 'boolean') return false;
  if (s.type === 'integer' || s.type === 'number') return Math.max(1, s.minimum ?? 1);
  return 'a'.repeat(Math.max(3, s.minLength ?? 3));
}

/** `value` put at `at` inside a copy of `base`, making the objects and arrays on the way. */
function withValue(base: unknown, at: Key[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  if (typeof head === 'number') {
    const list: unknown[] = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[head] = withValue(list[head], rest, value);
    return list;
  }
  const object = typeof base === 'object' && base !== null ? { ...(base as Record<string, unknown>) } : {};
  return { ...object, [head!]: withValue(object[head!], rest, value) };
}

/** A bad value as JSON carries it, and as a URL can: a lone surrogate only as its (invalid UTF-8) bytes. */
const BAD = [
  { label: 'a NUL', text: 'a\u0000b', url: 'a%00b' },
  { label: 'a lone surrogate', text: 'a\ud800b', url: 'a%ED%A0%80b' },
] as const;

let t: TestContext;
let investor: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  // Every request below is refused, but each still counts against the rate limits.
  t = await createTestApp({ rateLimitFactor: 1000 });
  investor = await signIn(t.database, 'user');
  admin = await signIn(t.database, 'admin');
});
afterAll(() => t.close());

interface Issue {
  field: string;
  message: string;
}

describe('a NUL or a lone surrogate in any request string', () => {
  it('is refused with 400 and the field named, by every operation of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const routes = await contractRoutes();
    const tried: string[] = [];
    const wrong: string[] = [];
    for (const [docPath, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${docPath}`;
        const found = routes.get(key);
        expect(found, `${key} is a contract route`).toBeDefined();
        const access = found!.route.access;
        const caller = access === 'public' ? null : access === 'user' ? investor : admin;
        const params = op.parameters ?? [];
        const pathValues = Object.fromEntries(
          params
            .filter((p) => p.in === 'path')
            .map((p) => [
              p.name,
              p.name === 'id' ? String(caller?.userId ?? investor.userId) : String(sample(p.schema)),
            ]),
        );
        const requiredQuery = Object.fromEntries(
          params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema))]),
        );
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        const body = bodySchema ? sample(bodySchema) : undefined;

        const send = async (label: string, where: string, field: string, request: { url: string; body?: unknown }) => {
          const res = await t.app.inject({
            method: method.toUpperCase() as HTTPMethods,
            url: request.url,
            cookies: caller?.cookie,
            ...(request.body !== undefined && { payload: request.body as object }),
          });
          tried.push(`${key} ${where}`);
          const details = res.statusCode === 400 ? res.json<{ details?: Issue[] }>().details : undefined;
          if (res.statusCode !== 400 || !details?.some((d) => d.field === field && d.message === BROKEN_TEXT_MESSAGE)) {
            wrong.push(`${key} ${where} with ${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
        };
        const urlOf = (pathValue: Record<string, string>, query: Record<string, string>) => {
          const search = Object.entries(query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
            .join('&');
          const p = docPath.replace(/\{(\w+)\}/g, (_m, name: string) => pathValue[name]!);
          return search ? `${p}?${search}` : p;
        };
        const encoded = (values: Record<string, string>) =>
          Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)]));

        for (const bad of BAD) {
          for (const p of params.filter((p) => p.in === 'path' && isString(p.schema))) {
            // Fastify's router refuses an undecodable path before any route: no parameter to name.
            const field = bad.label === 'a NUL' ? p.name : 'path';
            const url = urlOf({ ...encoded(pathValues), [p.name]: bad.url }, encoded(requiredQuery));
            await send(bad.label, `path ${p.name}`, field, { url, body });
          }
          for (const p of params.filter((p) => p.in === 'query' && isString(p.schema))) {
            const url = urlOf(encoded(pathValues), { ...encoded(requiredQuery), [p.name]: bad.url });
            await send(bad.label, `query ${p.name}`, p.name, { url, body });
          }
          for (const at of bodySchema ? stringFields(bodySchema).values() : []) {
            const url = urlOf(encoded(pathValues), encoded(requiredQuery));
            await send(bad.label, `body ${at.join('.')}`, at.join('.'), { url, body: withValue(body, at, bad.text) });
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Each bad value went to every string the document lists: well over a hundred places.
    expect(new Set(tried).size).toBeGreaterThan(150);
  });
});

// ---- Multipart forms ----

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };
function form(parts: Part[]) {
  const boundary = '----text' + Math.random().toString(16).slice(2);
  const chunks = parts.flatMap((p) =>
    'bytes' in p
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
          ),
          p.bytes,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('a NUL in a multipart text field', () => {
  it('is refused with 400 and the field named by the KYC submission, for each of its text fields', async () => {
    const user = await signIn(t.database, 'user');
    const fields: Record<string, string> = {
      legalName: 'Ada Lovelace',
      dateOfBirth: '1990-05-17',
      country: 'nl',
      address: 'Keizersgracht 1, Amsterdam',
      documentType: 'passport',
      documentNumber: 'NX-12 345',
    };
    const textFields = [...stringFields(z.toJSONSchema(zKycFields, { io: 'input' }) as JsonSchema).values()];
    expect(textFields.map((at) => at.join('.')).sort()).toEqual(Object.keys(fields).sort());
    for (const [name] of textFields) {
      const parts: Part[] = [
        ...Object.entries({ ...fields, [name!]: 'a\u0000b' }).map(([n, value]) => ({ name: n, value })),
        { name: 'document', filename: 'doc.png', type: 'image/png', bytes: PNG },
        { name: 'selfie', filename: 'selfie.png', type: 'image/png', bytes: PNG },
      ];
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/kyc/user/${user.userId}`,
        cookies: user.cookie,
        ...form(parts),
      });
      expect(res.statusCode, String(name)).toBe(400);
      // The document type is a choice, refused with its own message; the free-text fields with the rule's.
      const message = name === 'documentType' ? KycMsg.documentType : BROKEN_TEXT_MESSAGE;
      expect(res.json<{ details: Issue[] }>().details).toContainEqual({ field: name, message });
    }
    // Tabs and newlines are not refused: the address may have lines.
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/kyc/user/${user.userId}`,
      cookies: user.cookie,
      ...form([
        ...Object.entries({ ...fields, address: 'Keizersgracht 1\n1015 Amsterdam' }).map(([n, value]) => ({
          name: n,
          value,
        })),
        { name: 'document', filename: 'doc.png', type: 'image/png', bytes: PNG },
        { name: 'selfie', filename: 'selfie.png', type: 'image/png', bytes: PNG },
      ]),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ submission: { address: string } }>().submission.address).toBe('Keizersgracht 1\n1015 Amsterdam');
  });

  it('never reaches the database through the avatar upload, which reads only the image', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${investor.userId}/profile-image`,
      cookies: investor.cookie,
      ...form([
        { name: 'note', value: 'a\u0000b' },
        { name: 'profileImage', filename: 'me\u0000.png', type: 'image/png', bytes: PNG },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ profileImage: string }>().profileImage).toMatch(/\/\d+-[0-9a-f]{16}\.png$/);
  });
});
