import { Module } from '@nestjs/common';
import { PublicationProducer } from './publication-producer.service';
import { publicationQueueProvider, publicationRedisProvider } from './publication-queue.provider';

/** Producer of the `review-publication` queue (the review issue enqueues `publish-review` here). */
@Module({
  providers: [publicationRedisProvider, publicationQueueProvider, PublicationProducer],
  exports: [PublicationProducer],
})
export class PublicationModule {}
