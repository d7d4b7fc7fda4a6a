import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { type AccessTokenClaims } from '@pupitre/contracts';
import { ApiError } from '@pupitre/server-kit';
import { type Request } from 'express';
import { ACCESS_ERRORS, TokenService } from './token.service';

export type AuthenticatedRequest = Request & { claims: AccessTokenClaims };

/** `Authorization: Bearer <access>`, verified locally; 401 with the contract's bodies otherwise. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(@Inject(TokenService) private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) throw new ApiError(401, { ...ACCESS_ERRORS.missing });
    req.claims = await this.tokens.verifyAccess(match[1]);
    return true;
  }
}
