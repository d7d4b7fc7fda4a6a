import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { canModerate, SECOND_FACTOR_REQUIRED } from '@pupitre/contracts';
import { ApiError, isWriteMethod } from '@pupitre/server-kit';
import { type Request } from 'express';
import { ProfilesService } from './profiles.service';
import { SessionCheck } from './session-check';
import { type AuthUser, TokenVerifier } from './token-verifier';

type AuthMode = 'required' | 'optional' | 'admin' | 'moderator' | 'teacher';
const AUTH_MODE = 'rating:auth-mode';

/** The bodies djoser/simplejwt clients know (they clear the session on any 401). */
export const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };
export const TOKEN_NOT_VALID = {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
};
export const BAD_HEADER = { detail: 'Authorization header must contain two space-delimited values', code: 'bad_authorization_header' };
export const NOT_ADMIN = { detail: 'You do not have permission to perform this action.' };
/** A staff endpoint (moderation, catalogue) called with a staff session opened without the second factor (ADR 0013). */
export const NO_SECOND_FACTOR = {
  error: SECOND_FACTOR_REQUIRED,
  detail: 'staff actions need a session opened with the second factor: turn it on in the settings, then sign in again',
};
/** A teacher endpoint called by an account that is not linked to a teacher record. */
export const NOT_TEACHER = { error: 'forbidden', detail: 'only the account linked to a teacher may do this' };

type AuthedRequest = Request & { user?: AuthUser };

// `optional`: no or an invalid token means signed out. Writes also need the session to live (SessionCheck): a revoked role or
// teacher link bumps the session version, so the old token cannot write; reads stay stateless.
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ProfilesService) private readonly profiles: ProfilesService,
    @Inject(SessionCheck) private readonly sessions: SessionCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const mode = this.reflector.getAllAndOverride<AuthMode>(AUTH_MODE, [context.getHandler(), context.getClass()]) ?? 'required';
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const header = req.headers.authorization;
    const parts = header?.trim().split(/\s+/) ?? [];
    if (!header || parts[0].toLowerCase() !== 'bearer') {
      if (mode === 'optional') return true;
      throw new ApiError(401, NOT_PROVIDED);
    }
    if (parts.length !== 2) {
      if (mode === 'optional') return true;
      throw new ApiError(401, BAD_HEADER);
    }
    let user: AuthUser;
    try {
      user = await this.verifier.verify(parts[1]);
    } catch {
      if (mode === 'optional') return true;
      throw new ApiError(401, TOKEN_NOT_VALID);
    }
    // Before a write, the session must still live (logout, password reset, deletion end it).
    if (isWriteMethod(req.method) && (await this.sessions.ended(user))) {
      if (mode === 'optional') return true;
      throw new ApiError(401, TOKEN_NOT_VALID);
    }
    req.user = user; // known from here, for the security log of a 403 too
    if (mode === 'admin' && !user.roles.includes('admin')) throw new ApiError(403, NOT_ADMIN);
    if (mode === 'moderator' && !canModerate(user.roles)) throw new ApiError(403, NOT_ADMIN);
    if ((mode === 'admin' || mode === 'moderator') && !user.secondFactor) throw new ApiError(403, NO_SECOND_FACTOR);
    if (mode === 'teacher' && user.teacherId === undefined) throw new ApiError(403, NOT_TEACHER);
    this.profiles.seen(user);
    return true;
  }
}

const withMode = (mode: AuthMode) =>
  applyDecorators(
    SetMetadata(AUTH_MODE, mode),
    UseGuards(AuthGuard),
    ApiBearerAuth(),
    ...(mode === 'optional' ? [] : [ApiUnauthorizedResponse({ description: 'No or invalid access token' })]),
  );

export const RequireAuth = () => withMode('required');
export const OptionalAuth = () => withMode('optional');
export const RequireAdmin = () => withMode('admin');
export const RequireModerator = () => withMode('moderator');
/** A linked teacher's own actions (reply, objection): the `teacher` role with its `teacher_id`. */
export const RequireTeacher = () => withMode('teacher');

/** The caller (`AuthUser`), or null on an optional-auth endpoint without a valid token. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser | null => {
  return context.switchToHttp().getRequest<AuthedRequest>().user ?? null;
});
