import { type Response } from 'express';

const serialized = new WeakMap<object, string>();

/** The JSON text of a cached answer, serialized once per value: `JSON.stringify` of the community page was the API's largest CPU cost. */
export function jsonOnce(value: object): string {
  let text = serialized.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    serialized.set(value, text);
  }
  return text;
}

/** `[...items, last]` as JSON text, from the items' text (`[...]`) and the last element's text. */
export function appendToJsonArray(itemsJson: string, lastJson: string): string {
  return itemsJson.length > 2 ? `${itemsJson.slice(0, -1)},${lastJson}]` : `[${lastJson}]`;
}

/** Sends `text` as the JSON body (the handler returns it with `@Res({ passthrough: true })`). */
export function asJson(res: Response, text: string): string {
  res.type('application/json');
  return text;
}
