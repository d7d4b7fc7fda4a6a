import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type Subject, subjectListSchema } from '@pupitre/contracts';
import { zodApiSchema } from '@pupitre/server-kit';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';

@ApiTags('subjects')
@Controller('api/subjects')
export class SubjectsController {
  constructor(@Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot) {}

  /** The active subjects, by name (French order), from the catalogue in memory. */
  @Get()
  @ApiOkResponse({ description: 'All subjects with their colour', schema: zodApiSchema(subjectListSchema) })
  async list(): Promise<Subject[]> {
    const { subjects } = await this.catalogue.get();
    return [...subjects.values()]
      .filter((s) => !s.archived)
      .map((s) => ({ id: s.id, name: s.name, color: s.color }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }
}
