import { Module } from '@nestjs/common';
import { CatalogueSnapshot } from './catalogue-snapshot';
import { TeachersController } from './teachers.controller';
import { TeachersService } from './teachers.service';

@Module({
  controllers: [TeachersController],
  providers: [TeachersService, CatalogueSnapshot],
  exports: [TeachersService, CatalogueSnapshot],
})
export class TeachersModule {}
