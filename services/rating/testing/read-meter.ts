// What a connection reads from the database, counted from the driver's command monitoring (a client made with
// `monitorCommands: true`): per collection, the read commands sent, the documents answered and the answers' bytes.
import { BSON, type MongoClient } from 'mongodb';

export interface ReadCount {
  commands: number;
  documents: number;
  bytes: number;
  /** The `_id` of every document answered, in order. */
  ids: unknown[];
  /** The filters sent (find). */
  filters: Record<string, unknown>[];
}

const empty = (): ReadCount => ({ commands: 0, documents: 0, bytes: 0, ids: [], filters: [] });
type Started = { requestId: number; commandName: string; command: Record<string, unknown> };
type Succeeded = { requestId: number; reply: { cursor?: { firstBatch?: { _id?: unknown }[]; nextBatch?: { _id?: unknown }[] } } };

export class ReadMeter {
  private counts = new Map<string, ReadCount>();
  private readonly pending = new Map<number, string>();

  constructor(client: MongoClient) {
    client.on('commandStarted', (e: Started) => {
      const collection = e.commandName === 'find' ? e.command.find : e.commandName === 'getMore' ? e.command.collection : undefined;
      if (typeof collection !== 'string') return;
      this.pending.set(e.requestId, collection);
      const count = this.of(collection);
      count.commands++;
      if (e.commandName === 'find') count.filters.push((e.command.filter ?? {}) as Record<string, unknown>);
    });
    client.on('commandSucceeded', (e: Succeeded) => {
      const collection = this.pending.get(e.requestId);
      if (!collection) return;
      this.pending.delete(e.requestId);
      const batch = e.reply.cursor?.firstBatch ?? e.reply.cursor?.nextBatch ?? [];
      const count = this.of(collection);
      count.documents += batch.length;
      count.bytes += BSON.calculateObjectSize(e.reply as BSON.Document);
      count.ids.push(...batch.map((d) => d._id));
    });
  }

  of(collection: string): ReadCount {
    let count = this.counts.get(collection);
    if (!count) this.counts.set(collection, (count = empty()));
    return count;
  }

  reset(): void {
    this.counts = new Map();
  }
}
