import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProfileStore } from '../data/profile-store';
import { type AuthUser } from './token-verifier';

const REMEMBERED = 50_000;

/** The join date of /auth/me: the token's `date_joined` when auth adds it, else the first time this service saw the user. */
@Injectable()
export class ProfilesService {
  private readonly logger = new Logger('Profiles');
  private readonly known = new Set<string>();

  constructor(@Inject(ProfileStore) private readonly profiles: ProfileStore) {}

  /** Records the first sighting of a user (once per process; the upsert keeps the earliest). */
  seen(user: AuthUser): void {
    if (this.known.has(user.id)) return;
    if (this.known.size >= REMEMBERED) this.known.clear();
    this.known.add(user.id);
    this.profiles.recordFirstSeen(user.id).catch((err: Error) => {
      this.known.delete(user.id);
      this.logger.warn({ msg: 'could not record first activity', error: err.message });
    });
  }

  async since(user: AuthUser): Promise<Date> {
    if (user.joinedAt) return user.joinedAt;
    await this.profiles.recordFirstSeen(user.id);
    return (await this.profiles.firstSeen(user.id)) ?? new Date();
  }
}
