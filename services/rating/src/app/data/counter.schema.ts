import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One document per id sequence: `{ _id: 'teachers', seq: 42 }` (see docs/architecture.md, Ids). */
@Schema({ collection: 'counters', versionKey: false, id: false })
export class Counter {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true, default: 0 })
  seq!: number;
}

export const CounterSchema = SchemaFactory.createForClass(Counter);
