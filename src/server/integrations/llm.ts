/**
 * The optional LLM: an OpenAI-compatible chat model, used only to word what the matching engine
 * already chose. Any failure (network, status, timeout, empty answer) is answered as null so the caller can
 * fall back to its own text; nothing here throws.
 */
import OpenAI from "openai";
import type { Config } from "../config.ts";

export type LlmConfig = NonNullable<Config["llm"]>;

/** How long one wording may take before the built-in text is used instead. */
export const LLM_TIMEOUT_MS = 8_000;

export interface ChatPrompt {
  system: string;
  user: string;
}

/** One chat completion's text, trimmed; null on any failure or an empty answer. */
export async function complete(
  config: LlmConfig,
  prompt: ChatPrompt,
  opts: { timeoutMs?: number; maxTokens?: number } = {},
): Promise<string | null> {
  const timeout = opts.timeoutMs ?? LLM_TIMEOUT_MS;
  try {
    const client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl,
      timeout,
      maxRetries: 0,
    });
    const answer = await client.chat.completions.create(
      {
        model: config.model,
        temperature: 0.6,
        max_tokens: opts.maxTokens ?? 300,
        messages: [
          { role: "system", content: prompt.system },
          { role: "user", content: prompt.user },
        ],
      },
      { signal: AbortSignal.timeout(timeout) },
    );
    const text = answer?.choices?.[0]?.message?.content;
    return typeof text === "string" && text.trim() ? text.trim() : null;
  } catch {
    return null;
  }
}
