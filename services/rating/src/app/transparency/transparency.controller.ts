import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Transparency } from '@pupitre/contracts';
import { TransparencyStore } from '../data/transparency-store';

@ApiTags('transparency')
@Controller('api/transparency')
export class TransparencyController {
  constructor(@Inject(TransparencyStore) private readonly store: TransparencyStore) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  figures(): Promise<Transparency> {
    return this.store.load();
  }
}
