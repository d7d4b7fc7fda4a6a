import { Global, Module } from '@nestjs/common';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { PublicLists } from './public-lists';

/** The API's read side: the catalogue snapshot and the public lists, both in bounded caches (worker processes have neither). */
@Global()
@Module({ providers: [CatalogueSnapshot, PublicLists], exports: [CatalogueSnapshot, PublicLists] })
export class ReadModule {}
