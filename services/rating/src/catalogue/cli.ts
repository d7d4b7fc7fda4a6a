import fs from 'node:fs';
import { type CatalogueStore } from '../app/data/catalogue-store';

export const USAGE = `usage: npm run catalogue -- <command>
  subjects                                   list subjects
  teachers                                   list teachers
  add-subject <name> <#rrggbb>               add a subject
  edit-subject <id> [--name N] [--color C]   edit a subject
  archive-subject <id> | unarchive-subject <id>
  add-teacher <prefix> <name> <subject,…>    add a teacher (subjects by name or id, comma-separated)
  edit-teacher <id> [--prefix P] [--name N] [--subjects S,…]
  archive-teacher <id> | unarchive-teacher <id>
  import-subjects <file.csv>                 columns name,color[,archived]
  import-teachers <file.csv>                 columns prefix,name,subjects[,archived] (subjects separated by |)
Environment: MONGODB_URI (required), MONGODB_DB (pupitre_rating). Each change moves the catalogue version: the APIs read the catalogue again within a second.`;

export class UsageError extends Error {}

function options(args: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith('--')) {
      const value = args[i + 1];
      if (value === undefined) throw new UsageError(`${args[i]} needs a value`);
      flags[args[i].slice(2)] = value;
      i++;
    } else positional.push(args[i]);
  }
  return { positional, flags };
}

const idOf = (text: string | undefined) => {
  if (!text || !/^[1-9][0-9]*$/.test(text)) throw new UsageError(`expected an id, got ${JSON.stringify(text)}`);
  return Number(text);
};

export async function runCatalogueCommand(store: CatalogueStore, argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  const { positional, flags } = options(rest);
  const subjectIds = async (list: string) => {
    const all = await store.listSubjects();
    return list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const found = /^[0-9]+$/.test(s) ? all.find((x) => x.id === Number(s)) : all.find((x) => x.name.toLowerCase() === s.toLowerCase());
        if (!found) throw new UsageError(`unknown subject ${s}`);
        return found.id;
      });
  };
  switch (command) {
    case 'subjects':
      return store.listSubjects();
    case 'teachers':
      return store.listTeachers();
    case 'add-subject':
      if (positional.length !== 2) throw new UsageError('add-subject <name> <#rrggbb>');
      if (!/^#[0-9a-fA-F]{6}$/.test(positional[1])) throw new UsageError('the colour must be #rrggbb');
      return store.addSubject({ name: positional[0], color: positional[1] });
    case 'edit-subject':
      return store.updateSubject(idOf(positional[0]), {
        ...(flags.name ? { name: flags.name } : {}),
        ...(flags.color ? { color: flags.color } : {}),
      });
    case 'archive-subject':
    case 'unarchive-subject':
      return store.updateSubject(idOf(positional[0]), { archived: command === 'archive-subject' });
    case 'add-teacher':
      if (positional.length !== 3) throw new UsageError('add-teacher <prefix> <name> <subject,…>');
      return store.addTeacher({ prefix: positional[0], name: positional[1], subjects: await subjectIds(positional[2]) });
    case 'edit-teacher':
      return store.updateTeacher(idOf(positional[0]), {
        ...(flags.prefix ? { prefix: flags.prefix } : {}),
        ...(flags.name ? { name: flags.name } : {}),
        ...(flags.subjects ? { subjects: await subjectIds(flags.subjects) } : {}),
      });
    case 'archive-teacher':
    case 'unarchive-teacher':
      return store.updateTeacher(idOf(positional[0]), { archived: command === 'archive-teacher' });
    case 'import-subjects':
    case 'import-teachers': {
      if (!positional[0]) throw new UsageError(`${command} <file.csv>`);
      const csv = fs.readFileSync(positional[0], 'utf8');
      return command === 'import-subjects' ? store.importSubjectsCsv(csv) : store.importTeachersCsv(csv);
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'a command is required');
  }
}
