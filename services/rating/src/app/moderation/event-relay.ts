import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EventJob, EventOutbox, type OutboxEntry } from '../data/event-outbox';
import { CatalogueStore } from '../data/catalogue-store';
import { ObjectionStore } from '../data/objection-store';
import { ReviewStore } from '../data/review-store';
import { objectionNotices } from '../teacher-voice/objection-notice';
import { type NoticeTeacher, reportNotices } from './notices';

// The worker's half of the outbox: an entry a decision left (process died, Redis down) is derived into its jobs again and queued,
// and an accepted objection's delisting completed. Sending twice is harmless (job ids, auth applies each event once).
@Injectable()
export class EventRelay {
  private readonly logger = new Logger('EventRelay');

  constructor(
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(CatalogueStore) private readonly catalogue: CatalogueStore,
    @Inject(ObjectionStore) private readonly objections: ObjectionStore,
  ) {}

  async relay(graceMs: number): Promise<{ entries: number; jobs: number }> {
    let jobs = 0;
    const entries = await this.outbox.pending(graceMs);
    for (const entry of entries) {
      const derived = await this.jobsOf(entry);
      await this.outbox.send(derived);
      await this.outbox.done(entry);
      jobs += derived.length;
    }
    if (entries.length) this.logger.log({ msg: 'relayed the events of earlier decisions', entries: entries.length, jobs });
    return { entries: entries.length, jobs };
  }

  private async jobsOf(entry: OutboxEntry): Promise<EventJob[]> {
    if (entry.kind === 'review') {
      const doc = await this.reviews.get(entry.ref);
      return doc ? reportNotices(doc, await this.teacher(doc.teacherId)) : [];
    }
    if (entry.kind === 'objection') {
      const objection = await this.objections.get(entry.ref);
      // An accepted objection whose teacher was not delisted yet (its process died in between).
      if (objection?.state === 'accepted' && objection.decidedAt && objection.eraseAfter)
        await this.catalogue.delist(entry.ref, objection.decidedAt, objection.eraseAfter, { ifListed: true });
      return objectionNotices(objection);
    }
    return [];
  }

  async teacher(id: number): Promise<NoticeTeacher | null> {
    const t = await this.catalogue.teacher(id);
    return t ? { id: t.id, prefix: t.prefix, name: t.name } : null;
  }
}
