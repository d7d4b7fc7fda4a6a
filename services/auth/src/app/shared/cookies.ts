import { type Request } from 'express';

/** The value of cookie `name` in the request, or undefined (absent or malformed). */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined; // a malformed cookie is no cookie
    }
  }
  return undefined;
}
