import { z } from 'zod';

/**
 * Express's `trust proxy`: `false` (default: X-Forwarded-For is ignored, the socket address is the
 * client), `true`, a number of hops, or a comma list of addresses/CIDRs/`loopback`/`uniquelocal`.
 */
export const trustProxyField = () =>
  z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      if (v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.every((s) => /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i.test(s))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'expected false, true, a number of proxy hops, or a comma list of addresses, CIDRs, loopback, uniquelocal',
      });
      return z.NEVER;
    });
