import { Global, Module } from '@nestjs/common';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { PublicView } from './public-view';

/** The API's in-memory read side: the catalogue and the public index (worker processes have neither). */
@Global()
@Module({ providers: [CatalogueSnapshot, PublicView], exports: [CatalogueSnapshot, PublicView] })
export class ReadModule {}
