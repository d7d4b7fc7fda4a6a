import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { APP_CONFIG } from '@pupitre/server-kit';
import { JWT_ALGORITHM } from '@pupitre/contracts';
import { hkdfSync, randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWTVerifyGetKey, type CryptoKey } from 'jose';
import { type Connection } from 'mongoose';
import { type AuthConfig } from '../../config/auth-config';
import { type PrivateJwk, publicJwk } from './private-jwks';

const DEV_KEY_COLLECTION = 'dev_signing_keys';
const DEV_KEY_ID = 'dev';
const LINK_KEY_INFO = 'pupitre e-mail link tokens';

/**
 * The signing keys: from JWT_PRIVATE_KEYS (the first signs, all are published), or, outside
 * production when it is unset, one key pair generated once and kept in the service's database
 * (collection `dev_signing_keys`) so that restarts keep sessions valid.
 */
@Injectable()
export class SigningKeys implements OnModuleInit {
  private readonly logger = new Logger('SigningKeys');
  private signer!: { kid: string; key: CryptoKey };
  private jwks!: JSONWebKeySet;
  private localSet!: JWTVerifyGetKey;
  private linkSecret!: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  async onModuleInit(): Promise<void> {
    const keys = this.config.JWT_PRIVATE_KEYS ?? [await this.developmentKey()];
    const first = keys[0];
    this.signer = { kid: first.kid, key: (await importJWK(first, JWT_ALGORITHM)) as CryptoKey };
    this.jwks = { keys: keys.map(publicJwk) };
    this.localSet = createLocalJWKSet(this.jwks);
    this.linkSecret = Buffer.from(hkdfSync('sha256', Buffer.from(first.d, 'base64url'), '', LINK_KEY_INFO, 32));
  }

  /**
   * A secret derived (HKDF) from the signing key, for the tokens of e-mailed links: they are
   * recomputed from what the database holds, so a still-valid link can be sent again. It changes
   * with the signing key; links made before then are simply not re-sent (a new one is made).
   */
  get linkKey(): Buffer {
    return this.linkSecret;
  }

  /** The key that signs new tokens. */
  get signing(): { kid: string; key: CryptoKey } {
    return this.signer;
  }

  /** The public key set, as served at /auth/.well-known/jwks.json. */
  get publicSet(): JSONWebKeySet {
    return this.jwks;
  }

  /** Key resolver for jose's jwtVerify over the published keys (no network). */
  get resolver(): JWTVerifyGetKey {
    return this.localSet;
  }

  hasKid(kid: string | undefined): boolean {
    return kid !== undefined && this.jwks.keys.some((k) => k.kid === kid);
  }

  private async developmentKey(): Promise<PrivateJwk> {
    const collection = this.connection.collection<{ _id: string; jwk: PrivateJwk; createdAt: Date }>(DEV_KEY_COLLECTION);
    const existing = await collection.findOne({ _id: DEV_KEY_ID });
    if (existing) {
      this.logger.log({
        msg: 'JWT_PRIVATE_KEYS is not set: using the development signing key stored in the database',
        kid: existing.jwk.kid,
      });
      return existing.jwk;
    }
    const { privateKey } = await generateKeyPair(JWT_ALGORITHM, { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: `dev-${randomUUID()}` } as PrivateJwk;
    try {
      await collection.insertOne({ _id: DEV_KEY_ID, jwk, createdAt: new Date() });
    } catch (err) {
      // Another replica generated it first: use theirs.
      if ((err as { code?: number }).code !== 11000) throw err;
      const winner = await collection.findOne({ _id: DEV_KEY_ID });
      if (winner) return winner.jwk;
    }
    this.logger.warn({
      msg: `JWT_PRIVATE_KEYS is not set: generated a development signing key and stored it in the database (collection ${DEV_KEY_COLLECTION}); set JWT_PRIVATE_KEYS in production`,
      kid: jwk.kid,
    });
    return jwk;
  }
}
