import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { idParamSchema, type RankingEntry, rankingSchema, type TeacherDetail, teacherDetailSchema } from '@pupitre/contracts';
import { ApiError, ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { TeachersService } from './teachers.service';

@ApiTags('teachers')
@Controller('api')
export class TeachersController {
  constructor(@Inject(TeachersService) private readonly teachers: TeachersService) {}

  @Get('teachers/ranking')
  @ApiOkResponse({ description: 'Best teachers first', schema: zodApiSchema(rankingSchema) })
  ranking(): Promise<RankingEntry[]> {
    return this.teachers.ranking();
  }

  @Get('teacher/:id')
  @ApiParam({ name: 'id', type: Number, description: 'Teacher id (positive integer)' })
  @ApiOkResponse({ description: 'The teacher', schema: zodApiSchema(teacherDetailSchema) })
  @ApiBadRequestResponse({ description: 'Malformed id: {"error": "bad-request"}' })
  @ApiNotFoundResponse({ description: 'No such teacher: {"error": "not-found"}' })
  async detail(@Param('id', new ZodValidationPipe(idParamSchema)) id: number): Promise<TeacherDetail> {
    const teacher = await this.teachers.detail(id);
    if (!teacher) throw ApiError.of(404, 'not-found');
    return teacher;
  }
}
