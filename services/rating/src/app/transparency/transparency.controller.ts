import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Transparency } from '@pupitre/contracts';
import { TransparencyStore } from '../data/transparency-store';

/** GET /api/transparency (public): the monthly figures the worker computed last. */
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
