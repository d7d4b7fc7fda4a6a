import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { createHmac, randomBytes } from 'node:crypto';
import { type RatingConfig } from '../../config/rating-config';

// Opaque author keys (docs/threat-model.md): HMAC of teacher and author, so moderators see one person piling on a teacher
// without seeing who, and a key links nothing else. Neither the key nor the account id is stored or logged.
@Injectable()
export class AuthorKeys implements OnApplicationBootstrap {
  private readonly secret: string | Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<RatingConfig, 'MODERATION_KEY_SECRET'>) {
    this.secret = config.MODERATION_KEY_SECRET ?? randomBytes(32);
  }

  onApplicationBootstrap(): void {
    if (!this.config.MODERATION_KEY_SECRET)
      new Logger('AuthorKeys').warn({ msg: 'MODERATION_KEY_SECRET is not set: moderation author keys change when this process restarts' });
  }

  /** The key of `authorId`'s reviews of teacher `teacherId`: 16 URL-safe characters. */
  of(authorId: string, teacherId: number): string {
    return authorKeyOf(this.secret, authorId, teacherId);
  }
}

export function authorKeyOf(secret: string | Buffer, authorId: string, teacherId: number): string {
  return createHmac('sha256', secret).update(`${teacherId}\n${authorId}`).digest('base64url').slice(0, 16);
}
