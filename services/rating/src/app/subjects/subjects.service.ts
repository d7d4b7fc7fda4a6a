import { Inject, Injectable } from '@nestjs/common';
import { type Subject as SubjectView } from '@pupitre/contracts';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';

/** GET /api/subjects: the active subjects, by name (French order), from the catalogue in memory. */
@Injectable()
export class SubjectsService {
  constructor(@Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot) {}

  async list(): Promise<SubjectView[]> {
    const { subjects } = await this.catalogue.get();
    return [...subjects.values()]
      .filter((s) => !s.archived)
      .map((s) => ({ id: s.id, name: s.name, color: s.color }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }
}
