import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type Subject, subjectListSchema } from '@pupitre/contracts';
import { zodApiSchema } from '@pupitre/server-kit';
import { SubjectsService } from './subjects.service';

@ApiTags('subjects')
@Controller('api/subjects')
export class SubjectsController {
  constructor(@Inject(SubjectsService) private readonly subjects: SubjectsService) {}

  @Get()
  @ApiOkResponse({ description: 'All subjects with their colour', schema: zodApiSchema(subjectListSchema) })
  list(): Promise<Subject[]> {
    return this.subjects.list();
  }
}
