import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Counter, CounterSchema } from '../counters/counter.schema';
import { Review, ReviewSchema } from '../reviews/review.schema';
import { Subject, SubjectSchema } from '../subjects/subject.schema';
import { Teacher, TeacherSchema } from '../teachers/teacher.schema';
import { Favorite, FavoriteSchema, ModerationAction, ModerationActionSchema, Profile, ProfileSchema, Report, ReportSchema, Vote, VoteSchema } from './social.schema';

/** Every collection of the rating database, injectable with @InjectModel (API and worker). */
const models = MongooseModule.forFeature([
  { name: Counter.name, schema: CounterSchema },
  { name: Subject.name, schema: SubjectSchema },
  { name: Teacher.name, schema: TeacherSchema },
  { name: Review.name, schema: ReviewSchema },
  { name: Vote.name, schema: VoteSchema },
  { name: Favorite.name, schema: FavoriteSchema },
  { name: Report.name, schema: ReportSchema },
  { name: ModerationAction.name, schema: ModerationActionSchema },
  { name: Profile.name, schema: ProfileSchema },
]);

@Global()
@Module({ imports: [models], exports: [models] })
export class DataModule {}
