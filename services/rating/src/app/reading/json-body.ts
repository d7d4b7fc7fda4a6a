import { createHash } from 'node:crypto';
import { type Response } from 'express';

/** A JSON answer made once for a cached value: its text and its ETag (which Express would otherwise hash on every request). */
export interface JsonAnswer {
  text: string;
  etag: string;
}

const texts = new WeakMap<object, string>();
const answers = new WeakMap<object, JsonAnswer>();

/** The JSON text of a cached value, serialized once per value: `JSON.stringify` of the community page was the API's largest CPU cost. */
export function jsonOnce(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

const jsonAnswer = (text: string): JsonAnswer => ({
  text,
  etag: `W/"${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`,
});

/** The answer for cached value `key` (its JSON), made once per value. */
export function answerOnce(key: object): JsonAnswer {
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = jsonAnswer(jsonOnce(key));
    answers.set(key, answer);
  }
  return answer;
}

/** `[...items, last]` as JSON, made once with a first `last`; `withLast` gives it with another, sharing the items' text. */
export interface ArrayAnswer extends JsonAnswer {
  /** How much of `text` is `[...items,` (or `[` when there is none). */
  prefix: number;
}

/** From the items' JSON text (`[...]`) and the last element's. */
export function arrayAnswer(itemsJson: string, lastJson: string): ArrayAnswer {
  const prefix = itemsJson.length > 2 ? itemsJson.length : 1;
  return { ...jsonAnswer(prefix > 1 ? `${itemsJson.slice(0, -1)},${lastJson}]` : `[${lastJson}]`), prefix };
}

export const withLast = (answer: ArrayAnswer, lastJson: string): string => `${answer.text.slice(0, answer.prefix)}${lastJson}]`;

/** Sends `body` as the JSON answer (the handler returns it with `@Res({ passthrough: true })`), with its ETag when made once. */
export function asJson(res: Response, body: string | JsonAnswer): string {
  res.type('application/json');
  if (typeof body === 'string') return body;
  res.setHeader('ETag', body.etag);
  return body.text;
}
