import { Global, Module } from '@nestjs/common';
import { PublicCache } from '../cache/public-cache';
import { DatabaseSetup } from '../data/database-setup';
import { DataModule } from '../data/data.module';
import { PublicationCore } from './publication-core';

/** What the API and the worker share: the models, the read cache and the publication core. */
@Global()
@Module({ imports: [DataModule], providers: [PublicCache, PublicationCore, DatabaseSetup], exports: [DataModule, PublicCache, PublicationCore] })
export class CoreModule {}
