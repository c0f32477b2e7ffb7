const MODEL_FIELD = /"model":"(?:[^"\\]|\\.)*"/;

/**
 * A passed-through body or stream frame with its first `"model":"…"` (the response's own field: Chat's
 * chunk, Messages' `message_start`, Responses' `response` object) set to the id the client sent.
 * A `"model":"` inside a string value is escaped (`\"`), so it never matches.
 */
export function withModel(frame: string, model: string): string {
  const value = `"model":${JSON.stringify(model)}`;
  return frame.replace(MODEL_FIELD, () => value);
}
