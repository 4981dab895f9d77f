/**
 * A fake OpenAI-compatible chat server on loopback for tests: answers POST /v1/chat/completions in the
 * OpenAI shape with whatever `reply` says, records every request body, and can fail, stall (never answer) or talk nonsense.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeLlmMode =
  | { kind: "reply"; content: string | ((prompt: string) => string) }
  | { kind: "status"; status: number }
  /** Takes the request and never answers: only the caller's own timeout ends the wait. */
  | { kind: "stall" }
  | { kind: "garbage" }
  | { kind: "empty" };

export interface FakeLlm {
  /** Base URL for the openai client ("http://127.0.0.1:PORT/v1"). */
  url: string;
  /** Every request body received (parsed JSON) with its authorization header. */
  requests: { body: { model: string; messages: { role: string; content: string }[] }; auth: string }[];
  mode: FakeLlmMode;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      data += c;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function completion(content: string, model: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startFakeLlm(mode: FakeLlmMode = { kind: "reply", content: "" }): Promise<FakeLlm> {
  const fake: FakeLlm = { url: "", requests: [], mode, close: async () => {} };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
      return;
    }
    const raw = await readBody(req);
    let body: FakeLlm["requests"][number]["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400).end();
      return;
    }
    fake.requests.push({ body, auth: String(req.headers.authorization ?? "") });
    const m = fake.mode;
    const json = (status: number, payload: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    const prompt = body.messages.map((x) => x.content).join("\n");
    switch (m.kind) {
      case "reply":
        json(200, completion(typeof m.content === "function" ? m.content(prompt) : m.content, body.model));
        return;
      case "status":
        json(m.status, { error: { message: "fake failure", type: "server_error" } });
        return;
      case "stall":
        return;
      case "garbage":
        res.writeHead(200, { "content-type": "application/json" }).end("<html>not json at all");
        return;
      case "empty":
        json(200, { ...completion("", body.model), choices: [] });
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
