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

/** The answer for cached value `key` (by default its JSON), made once per value. */
export function answerOnce(key: object, text: () => string = () => jsonOnce(key)): JsonAnswer {
  let answer = answers.get(key);
  if (answer === undefined) {
    const body = text();
    answer = { text: body, etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
    answers.set(key, answer);
  }
  return answer;
}

/** `[...items, last]` as JSON text, from the items' text (`[...]`) and the last element's text. */
export function appendToJsonArray(itemsJson: string, lastJson: string): string {
  return itemsJson.length > 2 ? `${itemsJson.slice(0, -1)},${lastJson}]` : `[${lastJson}]`;
}

/** Sends `body` as the JSON answer (the handler returns it with `@Res({ passthrough: true })`), with its ETag when made once. */
export function asJson(res: Response, body: string | JsonAnswer): string {
  res.type('application/json');
  if (typeof body === 'string') return body;
  res.setHeader('ETag', body.etag);
  return body.text;
}
