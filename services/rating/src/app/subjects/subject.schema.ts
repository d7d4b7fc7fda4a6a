import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'subjects', versionKey: false, id: false })
export class Subject {
  @Prop({ type: Number, required: true, unique: true })
  id!: number;

  @Prop({ type: String, required: true, unique: true })
  name!: string;

  /** `#rrggbb`, the chip border colour. */
  @Prop({ type: String, required: true })
  color!: string;

  /** No longer offered for new reviews; kept for existing ones. */
  @Prop({ type: Boolean, default: false })
  archived!: boolean;
}

export const SubjectSchema = SchemaFactory.createForClass(Subject);
