import { HttpException } from '@nestjs/common';

/**
 * An HTTP error with an exact JSON body. The exception filter sends the body as is, so a
 * contract-specific shape (e.g. `{"email": ["..."]}` or `{"error": "wrong-teacher"}`) goes out unchanged.
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(body, status);
  }

  /** `{ error: key, detail? }`, the generic shape. */
  static of(status: number, error: string, detail?: string): ApiError {
    return new ApiError(status, detail === undefined ? { error } : { error, detail });
  }
}
