/**
 * The document is the truth: an answer is checked against /api/docs/openapi.json for the operation that took
 * the request. Its status must be one the operation lists, its media type one listed for that status, and a
 * JSON body must match the schema documented for it (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). A
 * schema is compiled on first use and kept for the checker's life (one checker per document text in a worker:
 * tests/helpers/app.ts).
 *
 * Requests no operation takes (an unknown path, a client file, HEAD) are not checked: there is nothing in
 * the document to hold them to.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export interface MediaType {
  schema?: unknown;
}
export interface DocResponse {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { description?: string; schema?: unknown }>;
}
export interface DocParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: unknown;
}
export interface DocOperation {
  operationId?: string;
  "x-access"?: string;
  parameters?: DocParameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, DocResponse>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, DocOperation>>;
  components?: Record<string, unknown>;
}

/** What the checker reads of an answer (a light-my-request response or a fetch answer made alike). */
export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

export interface Found {
  method: string;
  /** The path template as the document writes it: /api/dates/{id}. */
  path: string;
  operation: DocOperation;
}

/**
 * Answers that are not API JSON and cannot be held to a JSON schema. Empty: every file, page and redirect the
 * app sends is documented with its own media type, and bodies that are not JSON are not parsed. An entry
 * here is "METHOD /path/{template} status" and must say why in a comment.
 */
export const NOT_CHECKED = new Set<string>([]);

/**
 * Headers an answer carries only where the document says so (declared per endpoint, `answerHeaders`, or on
 * the error answers that say when to try again): sent without being listed, the answer breaks the document.
 */
const DECLARED_HEADERS = ["x-total-count", "etag", "retry-after"];

const DOC_ID = "urn:unveil:openapi";
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

interface Template {
  method: string;
  path: string;
  segments: string[];
  operation: DocOperation;
}

export interface DocumentChecker {
  /** The operation that takes this request, as the router would choose it (static segments first). */
  find(method: string, url: string): Found | undefined;
  /** Why the answer breaks the document, or undefined when it keeps to it (or no operation took it). */
  check(method: string, url: string, answer: Answer): string | undefined;
  /** The validator of one documented JSON body (compiled once). */
  validator(schema: unknown, key: string): ValidateFunction;
}

export function documentChecker(doc: OpenApiDoc): DocumentChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, logger: false });
  addFormats(ajv);
  // OpenAPI's own string formats: a file's bytes, not something to check.
  ajv.addFormat("binary", true);
  ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });

  const templates: Template[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      templates.push({ method, path, segments: path.split("/").slice(1), operation });
    }
  }

  const compiled = new Map<string, ValidateFunction>();
  const validator = (schema: unknown, key: string) => {
    let v = compiled.get(key);
    if (!v) {
      // The document's references are relative to the document: point them at the components added above.
      const text = JSON.stringify(schema ?? {}).replaceAll('"#/components/', `"${DOC_ID}#/components/`);
      v = ajv.compile(JSON.parse(text));
      compiled.set(key, v);
    }
    return v;
  };

  const find = (method: string, url: string): Found | undefined => {
    const m = method.toLowerCase();
    const segments = url.split("?")[0].split("/").slice(1);
    let best: { t: Template; rank: string } | undefined;
    for (const t of templates) {
      if (t.method !== m || t.segments.length !== segments.length) continue;
      let rank = "";
      let fits = true;
      for (let i = 0; i < segments.length && fits; i++) {
        const s = t.segments[i];
        if (s.startsWith("{") && s.endsWith("}")) {
          fits = segments[i].length > 0;
          rank += "p";
        } else {
          fits = s === segments[i];
          rank += "s";
        }
      }
      // The router prefers a static segment to a parameter at the first place they differ ("s" > "p").
      if (fits && (!best || rank > best.rank)) best = { t, rank };
    }
    return best && { method: m, path: best.t.path, operation: best.t.operation };
  };

  const check = (method: string, url: string, answer: Answer): string | undefined => {
    const found = find(method, url);
    if (!found) return undefined;
    const { operation } = found;
    const name = `${found.method.toUpperCase()} ${found.path}`;
    const status = String(answer.statusCode);
    if (NOT_CHECKED.has(`${name} ${status}`)) return undefined;
    const responses = operation.responses ?? {};
    const entry = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    const said = answer.body.length > 200 ? `${answer.body.slice(0, 200)}…` : answer.body;
    if (!entry) {
      return `${name} answered ${status}, which the document does not list (it lists ${Object.keys(responses).join(", ")}): ${said}`;
    }
    const declared = new Map(Object.entries(entry.headers ?? {}).map(([h, doc]) => [h.toLowerCase(), doc]));
    for (const header of DECLARED_HEADERS) {
      if (answer.headers[header] === undefined) continue;
      const doc = declared.get(header);
      if (!doc) return `${name} ${status} sent ${header}, which the document does not list for it`;
      const validate = validator(doc.schema, `${name} ${status} header ${header}`);
      if (!validate(String(answer.headers[header])))
        return `${name} ${status} sent ${header}: ${String(answer.headers[header])}, which its documented schema refuses`;
    }
    const contentType = String(answer.headers["content-type"] ?? "");
    const mediaType = contentType.split(";")[0].trim().toLowerCase();
    const content = entry.content ?? {};
    if (!mediaType) {
      if (answer.body.length === 0) return undefined;
      return `${name} ${status} sent a body without a content type`;
    }
    if (!(mediaType in content)) {
      const listed = Object.keys(content);
      return `${name} ${status} came as ${mediaType}; the document lists ${listed.length ? listed.join(", ") : "no body"}`;
    }
    if (mediaType !== "application/json") return undefined;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${name} ${status} came as JSON that does not parse: ${said}`;
    }
    const validate = validator(content[mediaType].schema, `${name} ${status} ${mediaType}`);
    if (validate(body)) return undefined;
    const [first] = validate.errors ?? [];
    const where = first?.instancePath || "(the body)";
    const detail = first ? `${where} ${first.message} ${JSON.stringify(first.params)}` : "invalid";
    return `${name} ${status} does not match its documented schema: ${detail}; body: ${said}`;
  };

  return { find, check, validator };
}
