import { z } from 'zod';

/** An OpenAPI 3.0 schema object for swagger decorators, generated from a zod schema. */
export function zodApiSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}
