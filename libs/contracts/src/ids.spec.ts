import { idParamSchema, idSchema } from './ids';

describe('idParamSchema', () => {
  it.each(['1', '42', '9007199254740991'])('accepts %s', (text) => expect(idParamSchema.parse(text)).toBe(Number(text)));
  it.each(['abc', '-1', '0', '1.5', '0x10', '1e3', ' 1', '01', '', '99999999999999999'])('rejects %j', (text) =>
    expect(idParamSchema.safeParse(text).success).toBe(false),
  );
  it('keeps idSchema accepting numbers', () => expect(idSchema.parse(3)).toBe(3));
});
