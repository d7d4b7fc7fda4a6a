import { type PipeTransform } from '@nestjs/common';
import { type z } from 'zod';
import { ApiError } from './api-error';

export type ZodErrorBody = (error: z.ZodError) => Record<string, unknown>;

/** `path: message; path: message`, short enough for a `detail` field. */
export function summarizeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Validates and converts a parameter, query or body with a zod schema. A failure is a 400 with
 * `{"error": "bad-request", "detail": "..."}`, or the body `errorBody` builds for contract-specific shapes.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly errorBody: ZodErrorBody = (error) => ({ error: 'bad-request', detail: summarizeZodError(error) }),
  ) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    throw new ApiError(400, this.errorBody(result.error));
  }
}
