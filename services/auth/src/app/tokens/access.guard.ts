import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { type AccessTokenClaims } from '@pupitre/contracts';
import { ApiError, isWriteMethod } from '@pupitre/server-kit';
import { type Request } from 'express';
import { SessionStore } from './session-store';
import { ACCESS_ERRORS, TokenService } from './token.service';

export type AuthenticatedRequest = Request & { claims: AccessTokenClaims };

/**
 * `Authorization: Bearer <access>`, verified locally; 401 with the contract's bodies otherwise.
 * Before a write, the token's session must still live (logout, re-use, password reset, deletion end
 * it: ADR 0006); reads stay stateless.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) throw new ApiError(401, { ...ACCESS_ERRORS.missing });
    req.claims = await this.tokens.verifyAccess(match[1]);
    if (isWriteMethod(req.method) && (await this.sessions.ended(req.claims))) throw new ApiError(401, { ...ACCESS_ERRORS.invalid });
    return true;
  }
}
