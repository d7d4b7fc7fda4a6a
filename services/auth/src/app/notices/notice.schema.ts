import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A notice the auth service sent for a rating event (`notices`, `_id` = the event's key, e.g.
 * `report:<reviewId>:<reporterId>`): an event delivered again (BullMQ retries, the rating side's
 * outbox) finds it and sends nothing. Holds no address and no content.
 */
@Schema({ collection: 'notices', versionKey: false })
export class Notice {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  sentAt!: Date;
}

export const NoticeSchema = SchemaFactory.createForClass(Notice);
