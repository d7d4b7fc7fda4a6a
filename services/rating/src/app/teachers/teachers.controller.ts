import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { type Response } from 'express';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  idParamSchema,
  rankingSchema,
  type TeacherDetail,
  teacherDetailSchema,
  teacherSearchQuerySchema,
  teacherSearchResultSchema,
  type TeacherSearchResult,
} from '@pupitre/contracts';
import { ApiError, ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { z } from 'zod';
import { answerOnce, asJson } from '../reading/json-body';
import { TeachersService } from './teachers.service';

@ApiTags('teachers')
@Controller('api')
export class TeachersController {
  constructor(@Inject(TeachersService) private readonly teachers: TeachersService) {}

  @Get('teachers')
  @ApiQuery({ name: 'query', required: true, description: 'At most 64 characters, not digits only; under 2 characters the answer is []' })
  @ApiOkResponse({
    description: 'At most 20 teachers, accent- and case-insensitive',
    schema: zodApiSchema(z.array(teacherSearchResultSchema)),
  })
  @ApiBadRequestResponse({ description: 'Query missing, longer than 64 characters or numeric only: {"error": "bad-request"}' })
  search(@Query(new ZodValidationPipe(teacherSearchQuerySchema)) query: { query: string }): Promise<TeacherSearchResult[]> {
    return this.teachers.search(query.query);
  }

  @Get('teachers/ranking')
  @ApiOkResponse({ description: 'Best teachers first', schema: zodApiSchema(rankingSchema) })
  async ranking(@Res({ passthrough: true }) res: Response): Promise<string> {
    return asJson(res, answerOnce(await this.teachers.ranking()));
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
