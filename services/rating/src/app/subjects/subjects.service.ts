import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Subject as SubjectView } from '@pupitre/contracts';
import { Model } from 'mongoose';
import { Subject } from './subject.schema';

@Injectable()
export class SubjectsService {
  constructor(@InjectModel(Subject.name) private readonly subjects: Model<Subject>) {}

  /** Every subject, by name (French order). */
  async list(): Promise<SubjectView[]> {
    const docs = await this.subjects.find({ archived: { $ne: true } }, { _id: 0, id: 1, name: 1, color: 1 }).lean().exec();
    return docs.map(toView).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }

  /** Subjects by id, for joining in memory (FerretDB has no $lookup). */
  async byIds(ids: readonly number[]): Promise<Map<number, SubjectView>> {
    const docs = await this.subjects.find({ id: { $in: [...new Set(ids)] } }, { _id: 0, id: 1, name: 1, color: 1 }).lean().exec();
    return new Map(docs.map((d) => [d.id, toView(d)]));
  }
}

function toView(doc: Pick<Subject, 'id' | 'name' | 'color'>): SubjectView {
  return { id: doc.id, name: doc.name, color: doc.color };
}
