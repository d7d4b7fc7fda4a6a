import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue/catalogue.controller';
import { MeController } from './me/me.controller';
import { ModerationController } from './moderation/moderation.controller';
import { TransparencyController } from './transparency/transparency.controller';
import { ModerationService } from './moderation/moderation.service';
import { AuthorKeys } from './moderation/author-keys';
import { PublicationModule } from './publication/publication.module';
import { ReadingController } from './reading/reading.controller';
import { ReviewsController } from './reviews/reviews.controller';
import { ReviewsService } from './reviews/reviews.service';
import { SocialController } from './social/social.controller';
import { SocialService } from './social/social.service';
import { TeacherModerationController } from './teacher-voice/teacher-moderation.controller';
import { TeacherModerationService } from './teacher-voice/teacher-moderation.service';
import { TeacherVoiceController } from './teacher-voice/teacher-voice.controller';
import { TeacherVoiceService } from './teacher-voice/teacher-voice.service';
import { TeachersModule } from './teachers/teachers.module';

/**
 * The review features of the API. Controller order matters: `GET /api/rating/community` must be
 * routed before `GET /api/rating/:id`.
 */
@Module({
  imports: [TeachersModule, PublicationModule],
  controllers: [
    ReadingController,
    ReviewsController,
    SocialController,
    MeController,
    ModerationController,
    TeacherVoiceController,
    TeacherModerationController,
    CatalogueController,
    TransparencyController,
  ],
  providers: [ReviewsService, SocialService, AuthorKeys, ModerationService, TeacherVoiceService, TeacherModerationService],
})
export class FeaturesModule {}
