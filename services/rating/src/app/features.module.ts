import { Module } from '@nestjs/common';
import { AbuseModule } from './abuse/abuse.module';
import { CatalogueController } from './catalogue/catalogue.controller';
import { CatalogueSnapshot } from './data/catalogue-snapshot';
import { MeController } from './me/me.controller';
import { PersonalDataController } from './me/personal-data.controller';
import { AuthorKeys } from './moderation/author-keys';
import { ModerationController } from './moderation/moderation.controller';
import { ModerationService } from './moderation/moderation.service';
import { PublicationHealthService } from './moderation/publication-health';
import { PublicationProducer } from './publication/publication-producer.service';
import { PublicLists } from './reading/public-lists';
import { ReadingController } from './reading/reading.controller';
import { ReviewsController } from './reviews/reviews.controller';
import { ReviewsService } from './reviews/reviews.service';
import { SocialController } from './social/social.controller';
import { SocialService } from './social/social.service';
import { SubjectsController } from './subjects/subjects.controller';
import { TeacherModerationController } from './teacher-voice/teacher-moderation.controller';
import { TeacherModerationService } from './teacher-voice/teacher-moderation.service';
import { TeacherVoiceController } from './teacher-voice/teacher-voice.controller';
import { TeacherVoiceService } from './teacher-voice/teacher-voice.service';
import { TeachersController } from './teachers/teachers.controller';
import { TeachersService } from './teachers/teachers.service';
import { TransparencyController } from './transparency/transparency.controller';

// The API's features (the worker has none of them: no catalogue snapshot, no cached lists). Controller
// order matters: `GET /api/rating/community` must be routed before `GET /api/rating/:id`.
@Module({
  imports: [AbuseModule],
  controllers: [
    SubjectsController,
    ReadingController,
    ReviewsController,
    SocialController,
    MeController,
    PersonalDataController,
    ModerationController,
    TeacherVoiceController,
    TeacherModerationController,
    CatalogueController,
    TransparencyController,
    TeachersController,
  ],
  providers: [
    CatalogueSnapshot,
    PublicLists,
    PublicationProducer,
    TeachersService,
    ReviewsService,
    SocialService,
    AuthorKeys,
    ModerationService,
    PublicationHealthService,
    TeacherVoiceService,
    TeacherModerationService,
  ],
})
export class FeaturesModule {}
