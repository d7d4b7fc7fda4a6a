import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import {
  type CatalogueImportResult,
  catalogueImportBodySchema,
  idParamSchema,
  subjectCreateSchema,
  subjectUpdateSchema,
  teacherCreateSchema,
  teacherUpdateSchema,
} from '@pupitre/contracts';
import { ApiError, ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { type z } from 'zod';
import { RequireAdmin } from '../auth/auth.guard';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { CatalogueError, CatalogueStore } from '../data/catalogue-store';
import { TeacherStatsStore } from '../data/teacher-stats-store';

const idPipe = () => new ZodValidationPipe(idParamSchema);

/** Admin API of the catalogue (role `admin`); the CLI `npm run catalogue` does the same on the database. */
@ApiTags('catalogue (admin)')
@Controller('api/admin')
@RequireAdmin()
export class CatalogueController {
  constructor(
    @Inject(CatalogueStore) private readonly store: CatalogueStore,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(TeacherStatsStore) private readonly stats: TeacherStatsStore,
  ) {}

  /** Teachers as the admin list shows them: each with his public review count. */
  private async withCounts<T extends { id: number }>(rows: T[]): Promise<(T & { reviewCount: number })[]> {
    const stats = await this.stats.all();
    return rows.map((row) => ({ ...row, reviewCount: stats.get(row.id)?.reviewCount ?? 0 }));
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.catalogue.invalidate();
      return result;
    } catch (err) {
      if (err instanceof CatalogueError) throw ApiError.of(err.status, err.key, err.message);
      throw err;
    }
  }

  @Get('subjects')
  subjects() {
    return this.store.listSubjects();
  }

  @Post('subjects')
  @ApiBody({ schema: zodApiSchema(subjectCreateSchema) })
  addSubject(@Body(new ZodValidationPipe(subjectCreateSchema)) body: z.output<typeof subjectCreateSchema>) {
    return this.run(() => this.store.addSubject(body));
  }

  @Patch('subjects/:id')
  @ApiBody({ schema: zodApiSchema(subjectUpdateSchema) })
  updateSubject(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(subjectUpdateSchema)) body: z.output<typeof subjectUpdateSchema>,
  ) {
    return this.run(() => this.store.updateSubject(id, body));
  }

  @Post('subjects/import')
  @HttpCode(200)
  @ApiBody({ schema: zodApiSchema(catalogueImportBodySchema) })
  importSubjects(@Body(new ZodValidationPipe(catalogueImportBodySchema)) body: { csv: string }): Promise<CatalogueImportResult> {
    return this.run(() => this.store.importSubjectsCsv(body.csv));
  }

  @Get('teachers')
  async teachers() {
    return this.withCounts(await this.store.listTeachers());
  }

  @Post('teachers')
  @ApiBody({ schema: zodApiSchema(teacherCreateSchema) })
  addTeacher(@Body(new ZodValidationPipe(teacherCreateSchema)) body: z.output<typeof teacherCreateSchema>) {
    return this.run(async () => (await this.withCounts([await this.store.addTeacher(body)]))[0]);
  }

  @Patch('teachers/:id')
  @ApiBody({ schema: zodApiSchema(teacherUpdateSchema) })
  updateTeacher(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(teacherUpdateSchema)) body: z.output<typeof teacherUpdateSchema>,
  ) {
    return this.run(async () => (await this.withCounts([await this.store.updateTeacher(id, body)]))[0]);
  }

  @Post('teachers/import')
  @HttpCode(200)
  @ApiBody({ schema: zodApiSchema(catalogueImportBodySchema) })
  importTeachers(@Body(new ZodValidationPipe(catalogueImportBodySchema)) body: { csv: string }): Promise<CatalogueImportResult> {
    return this.run(() => this.store.importTeachersCsv(body.csv));
  }
}
