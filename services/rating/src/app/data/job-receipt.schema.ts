import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A record that the worker ran a job: proof of the queue path (producer → delay → worker). */
@Schema({ collection: 'job_receipts', versionKey: false, id: false })
export class JobReceipt {
  @Prop({ type: String, required: true, unique: true })
  jobId!: string;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: Object, default: {} })
  data!: Record<string, unknown>;

  /** When the producer added the job. */
  @Prop({ type: Date, required: true })
  enqueuedAt!: Date;

  @Prop({ type: Number, default: 0 })
  delayMs!: number;

  @Prop({ type: Date, required: true })
  processedAt!: Date;
}

export const JobReceiptSchema = SchemaFactory.createForClass(JobReceipt);
