import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type ObjectionState } from '@pupitre/contracts';

/** A teacher's objection to being listed (`_id` = `teacher:<id>`; a refused one may be made again) and the moderator's decision. */
@Schema({ collection: 'objections', versionKey: false, id: false })
export class Objection {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  teacherId!: number;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true })
  reasons!: string;

  @Prop({ type: String, required: true })
  state!: ObjectionState;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: Date, default: null })
  decidedAt!: Date | null;

  @Prop({ type: String, default: null })
  reason!: string | null;

  @Prop({ type: String, default: null })
  reasonText!: string | null;

  @Prop({ type: Date, default: null })
  eraseAfter!: Date | null;
}
export const ObjectionSchema = SchemaFactory.createForClass(Objection);
// The open objections (the moderation queue), oldest first.
ObjectionSchema.index({ state: 1, at: 1 });
// An erased account's objections (worker/erasure).
ObjectionSchema.index({ userId: 1 });
