/**
 * The browser's API calls: ApiError, the typed helpers and the error readers, against a real local HTTP
 * server (no mocked fetch), so status lines, bodies and headers are what a server really sends.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverFieldErrors } from "../../src/client/components/settings/api.ts";
import {
  ApiError,
  apiRequest,
  defaultQueryFn,
  errorBody,
  errorMessage,
  errorRules,
  errorStatus,
  GENERAL_ERROR,
  isUnauthorizedError,
  UNREACHABLE_ERROR,
} from "../../src/client/lib/queryClient.ts";

/** A call and its JSON answer, as lib/api.ts's call() reads one (it takes declared paths, not this test server's). */
async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const body: T = await (await apiRequest(method, url, data)).json();
  return body;
}
const apiGet = <T>(url: string) => apiJson<T>("GET", url);

interface Echo {
  method: string;
  url: string;
  contentType: string | null;
  body: unknown;
}

/** What each path answers: a status, a body and its type. `/echo` sends back what it was sent. */
function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const text = (status: number, body: string, type = "text/plain") => {
    res.writeHead(status, { "content-type": type });
    res.end(body);
  };
  const path = (req.url ?? "").split("?")[0];
  switch (path) {
    case "/echo":
      return json(200, {
        method: req.method ?? "",
        url: req.url ?? "",
        contentType: req.headers["content-type"] ?? null,
        body: raw ? JSON.parse(raw) : null,
      } satisfies Echo);
    case "/api/parts/joined":
      return json(200, { joined: true });
    case "/json-error":
      return json(409, { message: "This plan has already changed." });
    case "/field-errors":
      return json(400, {
        message: "Please check the form.",
        errors: [
          { path: "email", message: "Enter a valid e-mail address" },
          { path: "email", message: "A second message for the same field" },
          { path: "firstName", message: "Names cannot contain links" },
          { path: 3, message: "not a field name" },
        ],
      });
    case "/rules":
      return json(422, { message: "This date breaks the rulebook.", rules: ["same venue twice", 7] });
    case "/rules-400":
      return json(400, { message: "Bad", rules: ["same venue twice"] });
    case "/plain":
      return text(401, "Not signed in");
    case "/long":
      return text(500, "x".repeat(201));
    case "/html":
      return text(502, "<html><body>Bad gateway</body></html>", "text/html");
    case "/empty":
      res.writeHead(503, "Service Unavailable");
      return void res.end();
    case "/array":
      return json(400, ["not", "an", "object"]);
    case "/not-json":
      return text(200, "plain words");
    default:
      return json(404, { message: "Not found" });
  }
}

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => answer(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A query client reading with the app's default query function (without the app's 401 handling). */
function reads(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } });
}

/** The error a call rejects with. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
}

describe("ApiError", () => {
  it("keeps the spec's message and carries the status, the raw body and the parsed JSON", () => {
    const body = '{"message":"Email already registered"}';
    const error = new ApiError(409, body, "Conflict");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
    expect(error.message).toBe(`409: ${body}`);
    expect(error.status).toBe(409);
    expect(error.body).toBe(body);
    expect(error.json).toEqual({ message: "Email already registered" });
    expect(error.json).toBe(error.json);
  });

  it("says the status text when the body is empty, and has no JSON", () => {
    const error = new ApiError(503, "", "Service Unavailable");
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.json).toBeNull();
  });

  it("has no JSON for a plain-text body", () => {
    expect(new ApiError(401, "Not signed in").json).toBeNull();
  });
});

describe("apiRequest and the typed helpers", () => {
  it("apiJson sends the method and a JSON body and reads the answer once", async () => {
    const echo = await apiJson<Echo>("PATCH", `${base}/echo`, { firstName: "Ada" });
    expect(echo).toEqual({
      method: "PATCH",
      url: "/echo",
      contentType: "application/json",
      body: { firstName: "Ada" },
    });
  });

  it("sends no body and no content type without data", async () => {
    const echo = await apiJson<Echo>("POST", `${base}/echo`);
    expect(echo.contentType).toBeNull();
    expect(echo.body).toBeNull();
  });

  it("apiGet reads with GET", async () => {
    const echo = await apiGet<Echo>(`${base}/echo?search=ada`);
    expect(echo.method).toBe("GET");
    expect(echo.url).toBe("/echo?search=ada");
  });

  it("the default query function GETs the key parts joined by slashes", async () => {
    expect(await reads().fetchQuery({ queryKey: [`${base}/api`, "parts", "joined"] })).toEqual({
      joined: true,
    });
  });

  it("apiRequest returns the OK response for callers that read headers or blobs", async () => {
    const res = await apiRequest("GET", `${base}/echo`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it.each([
    ["/json-error", 409, '{"message":"This plan has already changed."}'],
    ["/plain", 401, "Not signed in"],
    ["/empty", 503, "Service Unavailable"],
    ["/nowhere", 404, '{"message":"Not found"}'],
  ])("a non-OK answer from %s rejects with an ApiError", async (path, status, text) => {
    for (const call of [() => apiJson("POST", `${base}${path}`, {}), () => apiGet(`${base}${path}`)]) {
      const error = await failureOf(call());
      expect(error).toBeInstanceOf(ApiError);
      expect(errorStatus(error)).toBe(status);
      expect(error).toHaveProperty("message", `${status}: ${text}`);
    }
  });

  it("the default query function rejects with an ApiError too", async () => {
    const error = await failureOf(reads().fetchQuery({ queryKey: [`${base}/plain`] }));
    expect(error).toBeInstanceOf(ApiError);
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it("an OK answer that is not JSON is an error, not a value", async () => {
    await expect(apiGet(`${base}/not-json`)).rejects.toThrow(SyntaxError);
  });

  it("a server that cannot be reached is not an ApiError and has no status", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failureOf(apiGet(`http://127.0.0.1:${port}/`));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(errorStatus(error)).toBeNull();
  });
});

describe("errorMessage", () => {
  const messageFor = async (path: string) => errorMessage(await failureOf(apiGet(`${base}${path}`)));

  it("is the server's JSON message", async () => {
    expect(await messageFor("/json-error")).toBe("This plan has already changed.");
    expect(await messageFor("/field-errors")).toBe("Please check the form.");
  });

  it("is a short plain-text body as sent", async () => {
    expect(await messageFor("/plain")).toBe("Not signed in");
  });

  it("is the status text for an empty body", async () => {
    expect(await messageFor("/empty")).toBe("Service Unavailable");
  });

  it("is the general sentence for a long or HTML body", async () => {
    expect(await messageFor("/long")).toBe(GENERAL_ERROR);
    expect(await messageFor("/html")).toBe(GENERAL_ERROR);
  });

  it("is a short JSON body without a message as its text (as before ApiError)", async () => {
    expect(await messageFor("/array")).toBe('["not","an","object"]');
  });

  it("says the server could not be reached for a browser network failure", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(UNREACHABLE_ERROR);
  });

  it("never parses a status back out of a plain Error's message", () => {
    const lookalike = new Error('409: {"message":"From a message, not an answer"}');
    expect(errorMessage(lookalike)).toBe(GENERAL_ERROR);
    expect(errorStatus(lookalike)).toBeNull();
    expect(errorBody(lookalike)).toBeNull();
    expect(errorMessage(null)).toBe(GENERAL_ERROR);
    expect(errorMessage("409: text")).toBe(GENERAL_ERROR);
  });
});

describe("errorRules, errorBody and serverFieldErrors", () => {
  it("errorRules reads the string rules of a 422", async () => {
    expect(errorRules(await failureOf(apiGet(`${base}/rules`)))).toEqual(["same venue twice"]);
  });

  it("errorRules is null for other statuses and for plain bodies", async () => {
    expect(errorRules(await failureOf(apiGet(`${base}/rules-400`)))).toBeNull();
    expect(errorRules(new ApiError(422, "Unprocessable"))).toBeNull();
    expect(errorRules(new ApiError(422, '{"message":"no rules"}'))).toBeNull();
  });

  it("errorBody is the JSON object, or null for arrays and plain text", async () => {
    expect(errorBody(await failureOf(apiGet(`${base}/json-error`)))).toEqual({
      message: "This plan has already changed.",
    });
    expect(errorBody(await failureOf(apiGet(`${base}/array`)))).toBeNull();
    expect(errorBody(await failureOf(apiGet(`${base}/plain`)))).toBeNull();
  });

  it("serverFieldErrors keeps the first message for each named field", async () => {
    expect(serverFieldErrors(await failureOf(apiGet(`${base}/field-errors`)))).toEqual({
      email: "Enter a valid e-mail address",
      firstName: "Names cannot contain links",
    });
    expect(serverFieldErrors(await failureOf(apiGet(`${base}/plain`)))).toEqual({});
    expect(serverFieldErrors(new Error('400: {"errors":[{"path":"email","message":"x"}]}'))).toEqual({});
  });
});
